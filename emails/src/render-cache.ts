/**
 * Kept on purpose (issue 28): react-email renders every mail in full otherwise, and that costs one mail
 * worker 1.5 ms of CPU a mail — 4.35 ms instead of 2.8 ms, 244 instead of about 360 mails/s, under the
 * 300 mails/s floor (`npm run bench:mail`, part a, run side by side with and without it on 2026-11-26;
 * docs/mail-performance.md). Again on 2026-11-28, against one react-email render with the text taken
 * from its HTML (react-email's own `toPlainText`, the same bytes): 273–283 mails/s without the cache,
 * 340–504 with it.
 *
 * Renders each template once per *shape* and reuses it: React and html-to-text cost milliseconds a
 * mail, filling a compiled template microseconds.
 *
 * A shape is the template plus, for every prop, either its value (numbers, booleans, empty or
 * missing values, and the strings a template branches on, named in `structural`) or just "a
 * string" (with or without spaces). For a new shape the template is rendered once with a unique token in place of each
 * string (`\uE000v0\uE001`, private-use characters), and the HTML and text are cut at the tokens.
 * A mail then gets the pieces joined with its own values: HTML-escaped exactly as React escapes text
 * and attributes, raw in the plain text (upper-cased where the text rendering upper-cased the token,
 * as in headings).
 *
 * Correctness does not rest on that reasoning alone: the first mail of a shape is also rendered
 * normally, and the shape is only reused if filling it gives the same HTML and text byte for byte
 * (otherwise that shape always renders normally). Values the fill could get wrong — leading,
 * trailing or repeated whitespace, control or private-use characters, lone surrogates, `javascript:`,
 * `mailto:` and `#` links — are rendered normally too.
 */
export interface RenderedParts {
  html: string;
  text: string;
}

type Piece = string | { slot: number; upper: boolean };
interface Compiled {
  html: Piece[];
  text: Piece[];
}
interface Plan {
  key: string;
  values: string[];
  tokenProps: Record<string, unknown>;
}

/**
 * A value with a space gets a token with a space: html-to-text treats a link whose text equals its
 * href differently, and compares the text without its spaces.
 */
const token = (i: number, spaced: boolean) => `\uE000v${String(i)}${spaced ? ' ' : ''}\uE001`;
const TOKEN = /\uE000([vV])(\d+) ?\uE001/g;
const UNSAFE =
  // eslint-disable-next-line no-control-regex
  /^\s|\s$|\s\s|[\u0000-\u001f\u007f\u200b\ue000-\uf8ff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|javascript:|^mailto:|^#/i;
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const escapeHtml = (s: string) => s.replace(/["&'<>]/g, (c) => ESCAPES[c] ?? c);

function compile(s: string): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const m of s.matchAll(TOKEN)) {
    pieces.push(s.slice(at, m.index), { slot: Number(m[2]), upper: m[1] === 'V' });
    at = m.index + m[0].length;
  }
  pieces.push(s.slice(at));
  return pieces;
}

function fill(pieces: Piece[], values: string[], html: boolean): string {
  let out = '';
  for (const p of pieces) {
    if (typeof p === 'string') out += p;
    else {
      const v = values[p.slot] ?? '';
      const cased = p.upper ? v.toUpperCase() : v;
      out += html ? escapeHtml(cased) : cased;
    }
  }
  return out;
}

function planOf(name: string, props: Record<string, unknown>, structural: readonly string[]): Plan | null {
  const parts: string[] = [];
  const values: string[] = [];
  const tokenProps: Record<string, unknown> = {};
  for (const k of Object.keys(props).sort()) {
    const v = props[k];
    if (typeof v === 'string' && v !== '' && !structural.includes(k)) {
      if (UNSAFE.test(v)) return null;
      const spaced = v.includes(' ');
      tokenProps[k] = token(values.length, spaced);
      values.push(v);
      parts.push(`${k}:${spaced ? 'words' : 'word'}`);
    } else if (v === undefined || v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      tokenProps[k] = v;
      parts.push(`${k}=${JSON.stringify(v)}`); // JSON.stringify(undefined) is undefined: `k=undefined`
    } else return null; // arrays and objects: rendered normally
  }
  return { key: `${name}|${parts.join('|')}`, values, tokenProps };
}

/** Shapes kept at most; a mail of a new shape past them is rendered normally. */
const MAX_SHAPES = 1000;

export interface RenderCacheStats {
  /** Mails filled from a compiled shape. */
  hits: number;
  /** First mails of a shape (rendered normally, and the shape compiled and checked). */
  misses: number;
  /** Mails rendered normally: a value the fill could get wrong, a shape that failed its check, or a full cache. */
  fresh: number;
  /** Shapes whose check failed. */
  rejected: number;
  shapes: number;
}

export class RenderCache {
  private readonly shapes = new Map<string, Promise<Compiled | null>>();
  private readonly counts = { hits: 0, misses: 0, fresh: 0, rejected: 0 };

  constructor(
    private readonly renderFresh: (name: string, props: Record<string, unknown>) => Promise<RenderedParts>,
    private readonly structuralOf: (name: string) => readonly string[],
  ) {}

  async render(name: string, props: Record<string, unknown>): Promise<RenderedParts> {
    const plan = planOf(name, props, this.structuralOf(name));
    const shape = plan && this.shapes.get(plan.key);
    if (!plan || (!shape && this.shapes.size >= MAX_SHAPES)) {
      this.counts.fresh += 1;
      return this.renderFresh(name, props);
    }
    if (!shape) {
      this.counts.misses += 1;
      const real = this.renderFresh(name, props);
      this.shapes.set(plan.key, this.build(name, plan, real));
      return real;
    }
    const compiled = await shape;
    if (!compiled) {
      this.counts.fresh += 1;
      return this.renderFresh(name, props);
    }
    this.counts.hits += 1;
    return { html: fill(compiled.html, plan.values, true), text: fill(compiled.text, plan.values, false) };
  }

  stats(): RenderCacheStats {
    return { ...this.counts, shapes: this.shapes.size };
  }

  clear() {
    this.shapes.clear();
    Object.assign(this.counts, { hits: 0, misses: 0, fresh: 0, rejected: 0 });
  }

  private async build(name: string, plan: Plan, real: Promise<RenderedParts>): Promise<Compiled | null> {
    try {
      const tokens = await this.renderFresh(name, plan.tokenProps);
      const compiled = { html: compile(tokens.html), text: compile(tokens.text) };
      const expected = await real;
      if (fill(compiled.html, plan.values, true) === expected.html && fill(compiled.text, plan.values, false) === expected.text) {
        return compiled;
      }
    } catch {
      // a render that throws is the caller's error (it awaits `real`); the shape is not reused
    }
    this.counts.rejected += 1;
    return null;
  }
}
