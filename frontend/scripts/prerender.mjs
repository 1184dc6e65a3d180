// Post-build step of `npm run build -w frontend`: renders the public pages (PRERENDERED_PATHS) to HTML
// with the SSR build of src/entry-server.tsx, the signed-out view, in every language. Writes `/` in
// English over dist/index.html, `/signin` as dist/signin/index.html, …, and each other language
// beside it as index.<lang>.html (dist/signin/index.ar.html, right to left); the untouched SPA shell
// becomes dist/spa.html, which servers answer for every other route. Servers choose the language by
// the `mashrou_lang` cookie, else Accept-Language. The browser hydrates a prerendered page in its language.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const FRONTEND = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(FRONTEND, 'dist');
const SSR = join(FRONTEND, 'dist-ssr');
/** The module of each prerendered page (its chunks are preloaded, so hydration need not wait for them). */
const PAGE_MODULES = {
  '/': 'src/features/landing/landing-page.tsx',
  '/signin': 'src/features/auth/components/sign-in-page.tsx',
  '/signup': 'src/routes/sign-up.tsx',
};
/** Every signed-in screen's modules (as src/app/router.tsx loads them): its shell preloads their chunks. */
const LAYOUT = ['src/features/dashboard/components/dashboard-layout.tsx', 'src/lib/identity-calls.ts'];
const GUARDED = [...LAYOUT, 'src/features/dashboard/components/role-route.tsx'];
const SCREEN_MODULES = {
  '/dashboard': [...LAYOUT, 'src/routes/dashboard-home.tsx'],
  '/dashboard/settings': [...LAYOUT, 'src/features/settings/components/settings-page.tsx'],
  '/dashboard/notifications': [...GUARDED, 'src/features/notifications/components/notifications-page.tsx'],
  '/dashboard/assessment': [...GUARDED, 'src/features/onboarding/components/assessment-page.tsx'],
  '/dashboard/browse-projects': [...GUARDED, 'src/routes/browse-projects.tsx'],
  '/dashboard/my-applications': [...GUARDED, 'src/features/marketplace/components/my-applications-page.tsx'],
  '/dashboard/create-project': [...GUARDED, 'src/routes/create-project.tsx'],
  '/dashboard/view-projects': [...GUARDED, 'src/features/marketplace/components/view-projects-page.tsx'],
  '/dashboard/manage-users': [...GUARDED, 'src/features/admin/components/manage-users-page.tsx'],
  '/dashboard/projects': [...GUARDED, 'src/features/admin/components/admin-projects-page.tsx'],
  '/dashboard/ai-recruitment': [...GUARDED, 'src/features/admin/components/ai-recruitment-page.tsx'],
};
/**
 * The screens whose code differs by who is signed in (src/routes/dashboard-home.tsx): the api answers
 * each role with a page that lists its own code (dist-ssr/pages/<screen>/@<role>/), the shell loads it
 * once it knows the role.
 */
const ROLE_MODULES = {
  '/dashboard': {
    student: ['src/routes/student-home.tsx'],
    startup: ['src/routes/startup-home.tsx'],
    admin: ['src/features/admin/components/admin-home.tsx'],
  },
};
/**
 * The screens whose code differs by their address: the api answers an address with the query
 * parameter a page that lists the code it needs too (dist-ssr/pages/<screen>/@<parameter>/), the
 * screen loads it when it is opened (a project's application form: src/routes/browse-projects.tsx; a
 * company's project with its applicants: src/features/marketplace/components/view-projects-page.tsx).
 */
const PARAM_MODULES = {
  '/dashboard/browse-projects': {
    project: [
      'src/features/marketplace/components/student-project-page.tsx',
      'src/features/marketplace/components/apply-form.tsx',
    ],
  },
  '/dashboard/view-projects': { project: ['src/features/marketplace/components/company-project-detail.tsx'] },
};
/** What such a screen loads when its address has none of those parameters (Browse's list, which a project's page does not load). */
const PLAIN_MODULES = {
  '/dashboard/browse-projects': ['src/features/marketplace/components/browse-page.tsx'],
  '/dashboard/view-projects': ['src/features/marketplace/components/company-project-list.tsx'],
};
/**
 * The catalogue areas (src/locales/areas.ts) whose texts a screen reads besides the app's: by screen,
 * and by the role a screen of ROLE_MODULES is rendered for.
 */
const SCREEN_AREAS = {
  '/dashboard/settings': ['settings', 'portfolio', 'student'],
  '/dashboard/notifications': ['inbox'],
  '/dashboard/assessment': ['student'],
  '/dashboard/browse-projects': ['student'],
  '/dashboard/my-applications': ['student'],
  '/dashboard/create-project': ['projectForm'],
  '/dashboard/manage-users': ['admin', 'student'],
  '/dashboard/projects': ['admin', 'projectForm'],
  '/dashboard/ai-recruitment': ['admin'],
};
const ROLE_AREAS = { admin: ['adminHome'], student: ['student'] };
const ROOT_DIV = '<div id="root"></div>';
/** The id of the marker after #root that the first paint waits for. */
const PAGE_END = 'page-end';

const shell = readFileSync(join(DIST, 'index.html'), 'utf8');
if (!shell.includes(ROOT_DIV)) throw new Error(`prerender: dist/index.html has no ${ROOT_DIV}`);
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const { render, meta, isRtl, LOCALES, PRERENDERED_PATHS } = await import(pathToFileURL(join(SSR, 'entry-server.js')).href);
/** Each language's public texts as a chunk (English's are in the app's code; catalogue-parts.ts). */
const catalogueChunk = (locale) =>
  Object.entries(manifest).find(([key]) => key.endsWith(`src/locales/${locale}.json?part=public`))?.[1].file;

/** A chunk and the chunks it imports statically, as files under dist. */
function chunksOf(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`prerender: ${key} is not in the build manifest (update PAGE_MODULES)`);
  if (!seen.has(entry.file)) {
    seen.add(entry.file);
    for (const i of entry.imports ?? []) chunksOf(i, seen);
  }
  return seen;
}
/** The chunks `keys` need, each after the chunks it imports (the order to evaluate them in). */
function inEvaluationOrder(keys) {
  const seen = new Set();
  const out = [];
  const visit = (key) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`prerender: ${key} is not in the build manifest (update PAGE_MODULES)`);
    if (seen.has(entry.file)) return;
    seen.add(entry.file);
    for (const i of entry.imports ?? []) visit(i);
    out.push(entry.file);
  };
  keys.forEach(visit);
  return out;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
/** The entry and its static imports: Vite's own tags load them. */
const inShell = chunksOf(entryKey);
/** The app's code, which the entry imports dynamically in stages (src/main.tsx): wanted at once. */
const boot = new Set((manifest[entryKey].dynamicImports ?? []).flatMap((k) => [...chunksOf(k)]));
const preloads = (files) =>
  [...files]
    .filter((f) => !inShell.has(f))
    .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`)
    .join('');

const spa = shell.replace('</head>', `${preloads(boot)}  </head>`);
writeFileSync(join(DIST, 'spa.html'), spa);
/** A language's catalogue part (`public` or `app`) as a chunk (English's public texts are in the app's code). */
const catalogue = (locale, part) =>
  Object.entries(manifest).find(([key]) => key.endsWith(`src/locales/${locale}.json?part=${part}`))?.[1].file;

/**
 * A page that paints from its HTML and stylesheet alone (a public page prerendered here, a signed-in
 * screen the api renders): in its language and direction, with Mantine's colour scheme (which its
 * provider would only set after the scripts run); its code is not preloaded but listed, and
 * src/main.tsx fetches it after the first paint (the paint does not share the network with it), then
 * evaluates it a chunk per task, in `code`'s order; the first paint waits until the whole page is
 * parsed (the marker after #root: a parser that yields halfway would paint half a page, which then
 * shifts as the rest arrives).
 */
const paintedPage = ({ path, locale, code, inner, after = '', signedIn = false }) => {
  const files = code.filter((f, i, all) => !inShell.has(f) && all.indexOf(f) === i).map((f) => `/${f}`);
  const root =
    `<div id="root" data-prerendered="${path}" data-lang="${locale}"${signedIn ? ' data-signed-in' : ''} ` +
    `data-code="${files.join(' ')}">${inner}</div>${after}<template id="${PAGE_END}"></template>`;
  return shell
    .replace(
      '<html lang="en">',
      `<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}" data-mantine-color-scheme="light">`,
    )
    .replace(/ *<link rel="modulepreload"[^>]*>\n/g, '')
    .replace('</head>', `    <link rel="expect" href="#${PAGE_END}" blocking="render">\n  </head>`)
    .replace(ROOT_DIV, () => root);
};

// The signed-in screens' pages as the api renders them for their user (backend/src/http/signed-in-pages.ts,
// with renderSignedIn of the SSR build, which stays beside dist as dist-ssr), painted like a public page
// (paintedPage). Written as dist-ssr/pages/dashboard/<screen>/index.<lang>.html (in @<role>/ for a
// screen of ROLE_MODULES) with the markers APP_HTML and APP_STATE the api fills in.
const APP_HTML = '<!--app-html-->';
const APP_STATE = '<!--app-state-->';
const signedInPage = (path, locale, modules, texts) =>
  paintedPage({
    path,
    locale,
    code: [...texts, ...inEvaluationOrder([...(manifest[entryKey].dynamicImports ?? []), ...modules])],
    inner: APP_HTML,
    after: APP_STATE,
    signedIn: true,
  });

/**
 * The JS a signed-in screen's page loads in English (the entry and its imports, the app's code, the
 * texts, the screen's): its size gzipped, against the 200 kB budget of issue 32.
 */
const signedInJs = (path, modules, areas = []) => {
  const files = new Set([...inShell, ...(manifest[entryKey].dynamicImports ?? []).flatMap((k) => [...chunksOf(k)])]);
  for (const part of ['app', ...areas]) files.add(catalogue('en', part));
  for (const m of modules) for (const f of chunksOf(m)) files.add(f);
  const gzip = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(DIST, f))).length, 0);
  return `its JS ${(gzip / 1024).toFixed(1)} kB gzip in ${files.size} files`;
};

// The signed-in screens' own shells: the SPA shell in the visitor's language that also preloads the
// screen's code (the dashboard layout, the guard, the screen, the api client the signed-in user is
// asked with, the app's texts), so it arrives with the app's instead of after it (one round trip per
// level on a phone's network). The router (src/app/router.tsx) still loads it: a preload only starts
// the download. Written as dist/dashboard/<screen>/index.html (index.ar.html, …), which the api and
// nginx answer for /dashboard/<screen>; any other route gets spa.html.
for (const [path, modules] of Object.entries(SCREEN_MODULES)) {
  const roles = Object.entries(ROLE_MODULES[path] ?? {});
  const params = Object.entries(PARAM_MODULES[path] ?? {});
  const plain = [...modules, ...(PLAIN_MODULES[path] ?? [])];
  for (const module of [...plain, ...[...roles, ...params].flatMap(([, m]) => m)])
    if (!manifest[module]) throw new Error(`prerender: ${module} is not in the build manifest (update SCREEN_MODULES)`);
  const areas = SCREEN_AREAS[path] ?? [];
  for (const locale of LOCALES) {
    /** The texts of the app and of `more` areas, in English and in `locale` (and its public texts). */
    const textsWith = (more) => {
      const texts = [...new Set(['en', locale])].flatMap((l) => ['app', ...areas, ...more].map((part) => catalogue(l, part)));
      if (locale !== 'en') texts.unshift(catalogue(locale, 'public'));
      if (texts.some((f) => !f)) throw new Error(`prerender: a catalogue part of ${locale} is missing from the build manifest`);
      return texts;
    };
    const texts = textsWith([]);
    // Beyond what the SPA shell preloads already.
    const code = new Set([...texts, ...plain.flatMap((m) => [...chunksOf(m)])].filter((f) => !boot.has(f)));
    const html = spa
      .replace('<html lang="en">', `<html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}">`)
      .replace('</head>', `${preloads(code)}  </head>`);
    const name = locale === 'en' ? 'index.html' : `index.${locale}.html`;
    const file = join(path.slice(1), name);
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    writeFileSync(join(DIST, file), html);
    const pages = [
      ...(roles.length
        ? roles.map(([role, own]) => [
            join(path.slice(1), `@${role}`, name),
            [...modules, ...own],
            textsWith(ROLE_AREAS[role] ?? []),
          ])
        : [[file, plain, texts]]),
      ...params.map(([param, own]) => [join(path.slice(1), `@${param}`, name), [...modules, ...own], texts]),
    ];
    for (const [page, pageModules, pageTexts] of pages) {
      const rendered = join(SSR, 'pages', page);
      mkdirSync(dirname(rendered), { recursive: true });
      writeFileSync(rendered, signedInPage(path, locale, pageModules, pageTexts));
    }
  }
  if (!roles.length)
    console.log(`shell ${path} -> dist${path}/index.html (${LOCALES.join(', ')}); ${signedInJs(path, plain, areas)}`);
  for (const [param, own] of params)
    console.log(
      `shell ${path} -> dist${path}/index.html (${LOCALES.join(', ')}), with ?${param}=: ${signedInJs(path, [...modules, ...own], areas)}`,
    );
  for (const [role, own] of roles)
    console.log(
      `shell ${path} -> dist${path}/index.html (${LOCALES.join(', ')}), as ${role}: ${signedInJs(path, [...modules, ...own], [...areas, ...(ROLE_AREAS[role] ?? [])])}`,
    );
}
const escapeHtml = (v) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
for (const locale of LOCALES) {
  const { title, description } = await meta(locale);
  const chunk = catalogueChunk(locale);
  if (locale !== 'en' && !chunk)
    throw new Error(`prerender: no chunk for src/locales/${locale}.json?part=public in the build manifest`);
  for (const path of PRERENDERED_PATHS) {
    const module = PAGE_MODULES[path];
    if (!module) throw new Error(`prerender: no PAGE_MODULES entry for ${path}`);
    const app = await render(path, locale);
    // Its code: a language's catalogue first, then the app's and the page's.
    const code = [
      ...(locale !== 'en' ? [chunk] : []),
      ...inEvaluationOrder([...(manifest[entryKey].dynamicImports ?? []), module]),
    ];
    const html = paintedPage({ path, locale, code, inner: app })
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(description)}$2`);
    const name = locale === 'en' ? 'index.html' : `index.${locale}.html`;
    const file = path === '/' ? name : join(path.slice(1), name);
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    writeFileSync(join(DIST, file), html);
    console.log(`prerendered ${path} (${locale}) -> dist/${file} (${(Buffer.byteLength(html) / 1024).toFixed(1)} kB)`);
  }
}
rmSync(join(DIST, '.vite'), { recursive: true, force: true });
