import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { LOCALES, TIME_ZONE_COOKIE } from '@mashrou/contracts';
import { SESSION_COOKIE } from '../identity/index.js';

/** How the web app's renderer reaches the api: a GET of the api's own, as the browser would send it. */
type Transport = (url: string, init: RequestInit) => Promise<Response>;

/** What the SSR build of the web app (frontend/src/entry-server.tsx) offers the api. */
interface WebRenderer {
  renderSignedIn(
    url: string,
    api: Transport,
    options: { timeZone: string; signal: AbortSignal },
  ): Promise<{ html: string; locale: string; role: string; state: string } | null>;
}

/** Time zones seen and known to `Intl` (aliases such as `Asia/Kolkata` included), kept up to a bound. */
const knownZones = new Set<string>();
/** Whether a browser's time zone (a cookie's value) is one `Intl` can show times in. */
function isTimeZone(zone: string | undefined): zone is string {
  if (!zone || zone.length > 64 || !/^[\w+\-/]+$/.test(zone)) return false;
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 1_000) knownZones.add(zone);
  return true;
}

/** The markers frontend/scripts/prerender.mjs leaves in each signed-in page for the render to fill. */
const APP_HTML = '<!--app-html-->';
const APP_STATE = '<!--app-state-->';
/** Where the browser reads the query cache the page was rendered from (frontend/src/app/prerendered.ts). */
const SERVER_STATE_ID = 'server-state';

/**
 * Speculation rules for the signed-in screens, which their pages name (the `Speculation-Rules`
 * header): a link to another dashboard screen is fetched, rendered with its data, as the pointer
 * rests on it or presses it (a phone's touch), so following it shows the screen at once. A hint the
 * browser may ignore (Chromium follows it; a data saver turns it off).
 */
const SPECULATION_RULES_PATH = '/speculation-rules.json';
const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: { or: [{ href_matches: '/dashboard' }, { href_matches: '/dashboard/*' }] },
      eagerness: 'moderate',
    },
  ],
});

/**
 * How long a render may take (the screen's first requests included) before the page is answered
 * without it: the browser then renders the screen itself, as it did before the api rendered any.
 */
const RENDER_TIMEOUT_MS = 2_000;

/**
 * How many renders one api process runs at once: beyond it, a page is the shell at once (the browser
 * renders it), so a burst of page loads never queues behind renders on the api's one thread.
 */
const RENDERS_AT_ONCE = 8;

/** `work(signal)`, or a rejection once `ms` have passed, when `signal` tells the work to stop. */
function within<T>(work: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`not rendered within ${ms} ms`);
      stop.abort(err);
      reject(err);
    }, ms);
  });
  return Promise.race([work(stop.signal), late]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * The signed-in screens rendered by the api, with their user and first data, so a phone paints the
 * screen from its first response instead of after the app's code, the user and the data have each
 * arrived in turn. The renderer is the web build's SSR bundle (`dist-ssr` beside `dist`: the same
 * components as the browser's), and it asks the api through the api itself (`inject`), with the
 * visitor's own cookie and address, so every guard, limit and shape is the same as the browser's
 * requests. Answers `undefined` when the web build has no renderer; a page whose render fails, is
 * late or is not for this visitor (signed out, another role's screen) is the shell, as before.
 */
export async function signedInPages(fastify: FastifyInstance, webDir: string) {
  const ssrDir = join(webDir, '..', 'dist-ssr');
  const entry = join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  const { default: compress } = await import('@fastify/compress');
  // Only where a reply asks for it (reply.compress): the api's JSON and the build's files are left as they are.
  await fastify.register(compress, { global: false });
  fastify.get(SPECULATION_RULES_PATH, (_req, reply) =>
    reply.type('application/speculationrules+json').header('cache-control', 'public, max-age=3600').send(SPECULATION_RULES),
  );

  /** The api as the visitor's browser would ask it: reads only, with their cookie and from their address. */
  const apiOf =
    (req: FastifyRequest): Transport =>
    async (url, init) => {
      // Only the api's own routes, as written (a `..` in a path would be resolved by the router).
      const path = url.split('?')[0] ?? '';
      if ((init.method ?? 'GET') !== 'GET' || !path.startsWith('/api/') || new URL(path, 'http://localhost').pathname !== path) {
        throw new Error(`a render only reads the api: ${url}`);
      }
      const res = await fastify.inject({
        method: 'GET',
        url,
        headers: { ...(init.headers as Record<string, string>), cookie: req.headers.cookie ?? '' },
        remoteAddress: req.ip,
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': res.headers['content-type'] ?? 'application/json' },
      });
    };

  let rendering = 0;
  /** `folder`'s page (dashboard/<screen>) rendered for its signed-in visitor, else `shell`'s answer. */
  return (folder: string, shell: RouteHandlerMethod): RouteHandlerMethod | undefined => {
    // Each language's page; a screen whose code differs by role has one per role, in @<role>/, and one
    // whose code differs by its address one for an address with a query parameter, in @<parameter>/
    // (@project/: Browse Projects' project page has its application form, View Projects' its applicants).
    const dir = join(ssrDir, 'pages', folder);
    const variants = existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('@')) : [];
    const pages = new Map<string, string>(
      ['', ...variants].flatMap((variant) =>
        LOCALES.map((l) => [`${variant}/${l}`, join(dir, variant, l === 'en' ? 'index.html' : `index.${l}.html`)] as const)
          .filter(([, file]) => existsSync(file))
          .map(([key, file]) => [key, readFileSync(file, 'utf8')] as const),
      ),
    );
    if (!pages.size) return undefined;
    return async function signedInPage(this: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
      void reply.header('speculation-rules', `"${SPECULATION_RULES_PATH}"`);
      // Its times are rendered in the browser's zone, which it names once its code has run (any page
      // before sign-in): until then, the browser renders the screen itself.
      const timeZone = req.cookies[TIME_ZONE_COOKIE];
      if (!req.cookies[SESSION_COOKIE] || !isTimeZone(timeZone)) return shell.call(this, req, reply);
      if (rendering >= RENDERS_AT_ONCE) {
        req.log.info({ page: `/${folder}` }, 'signed-in page not rendered: busy');
        return shell.call(this, req, reply);
      }
      let page: Awaited<ReturnType<WebRenderer['renderSignedIn']>> = null;
      rendering += 1;
      try {
        page = await within((signal) => renderer.renderSignedIn(req.url, apiOf(req), { timeZone, signal }), RENDER_TIMEOUT_MS);
      } catch (err) {
        req.log.warn(
          { page: `/${folder}`, reason: err instanceof Error ? err.message : String(err) },
          'signed-in page not rendered',
        );
      } finally {
        rendering -= 1;
      }
      const query = new URL(req.url, 'http://localhost').searchParams;
      // A parameter with a value (an empty `?project=` is the list, as the screen reads it).
      const variant = variants.find((v) => query.get(v.slice(1)));
      const template =
        page &&
        (pages.get(`@${page.role}/${page.locale}`) ??
          (variant && pages.get(`${variant}/${page.locale}`)) ??
          pages.get(`/${page.locale}`));
      if (!page || !template) return shell.call(this, req, reply);
      const { html, state } = page;
      const body = template
        .replace(APP_HTML, () => html)
        .replace(APP_STATE, () => `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`);
      // One visitor's own page: never kept by a cache on the way.
      void reply.header('cache-control', 'private, no-store').header('vary', 'Cookie').type('text/html; charset=utf-8');
      reply.compress(body);
      return reply;
    };
  };
}
