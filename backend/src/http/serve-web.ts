import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LOCALES, isLocale, localeFromAcceptLanguage, type Locale } from '@mashrou/contracts';
import { signedInPages } from './signed-in-pages.js';

/** Hashed build files: their name changes with their content, so they may be kept for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages (prerendered or the SPA shell): always revalidated, so a deploy is seen at once. */
const REVALIDATE = 'no-cache';
/** Anything else in the build (the favicon): not hashed, rarely changed. */
const SHORT = 'public, max-age=3600';

/** The language a page is answered in: the visitor's choice (cookie), else their browser's languages. */
export function pageLanguage(req: FastifyRequest): Locale {
  const chosen = req.cookies[LANGUAGE_COOKIE];
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(req.headers['accept-language']);
}

/**
 * Production: the web build (frontend/dist) from the api. `/` and each `<page>/index.html` are the
 * public pages prerendered at build time, or a signed-in screen's shell (`dashboard/<screen>/index.html`:
 * the SPA shell preloading that screen's code); every other non-api GET gets the SPA shell (`spa.html`, or
 * `index.html` from a build without prerendering), where the client-side router takes over. A signed-in
 * visitor's screen is rendered for them, with their data (signed-in-pages.ts). Files
 * are sent precompressed (`.br`, `.gz` next to each, made by the build) when the browser accepts it.
 * A prerendered page exists in every language (`index.ar.html` beside `index.html`): the visitor's
 * language (pageLanguage) picks it.
 */
export async function serveWeb(app: NestFastifyApplication, dir: string) {
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`SERVE_WEB_DIR has no index.html: ${dir}`);
  const shell = existsSync(join(dir, 'spa.html')) ? 'spa.html' : 'index.html';
  // Prerendered pages and the signed-in screens' shells: <page>/index.html (at any depth), served for /<page>.
  const pages = readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name === 'index.html')
    .map((e) => relative(dir, e.parentPath).split(sep).join('/'))
    .filter((p) => p && !p.startsWith('assets'));

  // Loaded only when serving the web build (it pulls in ESM-only packages jest cannot require).
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Called with the file actually sent (`x.js.br` for `x.js`).
    setHeaders: (res: FastifyReply, path: string) => {
      const file = relative(dir, path).replace(/\.(br|gz)$/, '');
      const cache = file.startsWith(`assets${sep}`) ? IMMUTABLE : file.endsWith('.html') ? REVALIDATE : SHORT;
      void res.header('cache-control', cache);
    },
  });
  const fastify = app.getHttpAdapter().getInstance();
  /** `<folder>/index.html`, or its version in the visitor's language when the build has one. */
  const page = (folder: string) => {
    const variants = new Map<Locale, string>(
      LOCALES.map((l) => [l, join(folder, l === 'en' ? 'index.html' : `index.${l}.html`)] as const).filter(([, f]) =>
        existsSync(join(dir, f)),
      ),
    );
    return (req: FastifyRequest, reply: FastifyReply) => {
      void reply.header('vary', 'Cookie, Accept-Language');
      return reply.sendFile(variants.get(pageLanguage(req)) ?? join(folder, 'index.html'));
    };
  };
  // A signed-in screen is rendered for its visitor where the build has the renderer (signed-in-pages.ts).
  const signedIn = await signedInPages(fastify, dir);
  fastify.get('/', page(''));
  for (const p of pages) {
    const shellPage = page(p);
    fastify.get(`/${p}`, (/^dashboard(\/|$)/.test(p) && signedIn?.(p, shellPage)) || shellPage);
  }
  fastify.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/') || req.url.startsWith('/admin/') || req.url.startsWith('/assets/')) {
      return reply.status(404).send({ code: 'not-found', message: 'No such route' });
    }
    return reply.sendFile(shell);
  });
}
