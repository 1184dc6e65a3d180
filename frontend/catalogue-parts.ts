import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { AREAS, AREA_TEXTS } from './src/locales/areas.ts';

/**
 * The sections of a catalogue (`src/locales/<lang>.json`) that the public pages read: the landing
 * page, sign-in, sign-up's first steps, the reset page, the error screens and every error text.
 * Everything else is the signed-in app's (but for the AREAS below).
 */
export const PUBLIC_SECTIONS: ReadonlySet<string> = new Set([
  'brand',
  'common',
  'landing',
  'notFound',
  'error',
  'errors',
  'forms',
  'signin',
  'signup',
  'reset',
  'meta',
  'language',
]);

/** The area that takes a section, or a section's part (`market.browse`), out of the app's texts. */
const AREA_OF = new Map<string, string>(Object.entries(AREA_TEXTS).flatMap(([area, keys]) => keys.map((key) => [key, area])));

/**
 * One part of a catalogue: a section goes whole to the public texts, an area or the app's; in an app
 * section, the parts an area takes (`market.browse`) go to that area's instead.
 */
function partTexts(all: Record<string, unknown>, part: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [section, texts] of Object.entries(all)) {
    const whole = PUBLIC_SECTIONS.has(section) ? 'public' : (AREA_OF.get(section) ?? 'app');
    if (whole !== 'app' || typeof texts !== 'object' || texts === null) {
      if (whole === part) out[section] = texts;
      continue;
    }
    const mine = Object.entries(texts).filter(([key]) => (AREA_OF.get(`${section}.${key}`) ?? 'app') === part);
    if (mine.length) out[section] = Object.fromEntries(mine);
  }
  return out;
}

const PART = new RegExp(String.raw`^(.*\.json)\?part=(public|app|${AREAS.join('|')})$`);
const PREFIX = '\0catalogue-part:';

/**
 * `import texts from './en.json?part=public'` (or `?part=app`, or an area's: `?part=admin`): one part of
 * a catalogue as its own module. One file per language stays the only source, while the public pages'
 * first code carries only their texts and the signed-in screens load theirs with them (src/lib/i18n.ts).
 */
export function catalogueParts(): Plugin {
  return {
    name: 'mashrou-catalogue-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const m = PART.exec(source);
      if (!m?.[1] || !m[2]) return null;
      const file = await this.resolve(m[1], importer, { skipSelf: true });
      return file ? `${PREFIX}${file.id}?part=${m[2]}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const m = PART.exec(id.slice(PREFIX.length));
      if (!m?.[1] || !m[2]) return null;
      this.addWatchFile(m[1]);
      const all = JSON.parse(readFileSync(m[1], 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(partTexts(all, m[2]))};`;
    },
  };
}
