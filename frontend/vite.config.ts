import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogueParts } from './catalogue-parts.ts';

const api = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:3000';
const repo = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/**
 * The chunks each chunk of the last client build imports statically, however deep: a chunk that runs
 * has them loaded already, so its dynamic imports need not list them to preload (`modulePreload` below).
 */
const staticImports = new Map<string, Set<string>>();
function chunkGraph(): Plugin {
  return {
    name: 'mashrou-chunk-graph',
    apply: 'build',
    generateBundle: {
      // Before Vite's own step that writes each dynamic import's preload list.
      order: 'pre',
      handler(_options, bundle) {
        staticImports.clear();
        const imports = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c.imports] as const] : [])),
        );
        const closure = (file: string, seen = new Set<string>()) => {
          for (const i of imports.get(file) ?? []) if (!seen.has(i)) closure(i, seen.add(i));
          return seen;
        };
        for (const file of imports.keys()) staticImports.set(file, closure(file));
      },
    },
  };
}

/**
 * Prints the JS a first visit downloads, gzipped: the entry chunk, what it imports (statically, or
 * dynamically at start: src/main.tsx loads the app in stages) and their static imports.
 */
function initialJsReport(): Plugin {
  return {
    name: 'mashrou-initial-js',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      // chunkGraph (above) has walked every chunk's static imports before this runs.
      const start = chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.dynamicImports]);
      const seen = new Set(start.flatMap((file) => [file, ...(staticImports.get(file) ?? [])]));
      let raw = 0;
      let gz = 0;
      for (const f of seen) {
        const c = byName.get(f);
        if (!c) continue;
        raw += Buffer.byteLength(c.code);
        gz += gzipSync(c.code).length;
      }
      this.info(
        `initial JS: ${(raw / 1024).toFixed(1)} kB, gzip ${(gz / 1024).toFixed(1)} kB (${seen.size} chunks; every screen loads lazily)`,
      );
    },
  };
}

/**
 * Fails the build when a Mantine class that the JS uses has no CSS: only the per-component styles of
 * the components in use are imported (src/app/mantine-styles.ts), and a new component needs its own.
 */
function mantineCssCheck(): Plugin {
  const all = readFileSync(createRequire(import.meta.url).resolve('@mantine/core/styles.css'), 'utf8');
  const mantineClasses = new Set(all.match(/m_[0-9a-f]{8}/g));
  return {
    name: 'mashrou-mantine-css-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      const styled = new Set<string>();
      for (const item of Object.values(bundle)) {
        const text = item.type === 'chunk' ? item.code : item.fileName.endsWith('.css') ? String(item.source) : '';
        for (const c of text.match(/m_[0-9a-f]{8}/g) ?? []) (item.type === 'chunk' ? used : styled).add(c);
      }
      const missing = [...used].filter((c) => mantineClasses.has(c) && !styled.has(c));
      if (missing.length) {
        this.error(
          `Mantine classes used without their CSS: ${missing.join(', ')}. Find them in ` +
            `@mantine/core/styles/*.css and import that file in src/app/mantine-styles.ts.`,
        );
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR build (src/entry-server.tsx, for the prerender) has no CSS and no chunks to report.
  plugins: isSsrBuild
    ? [catalogueParts(), react()]
    : [catalogueParts(), react(), initialJsReport(), mantineCssCheck(), chunkGraph()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/admin': api },
    // `/@fs/` serves only what the web app is built from: its sources, the packages and the api's
    // contracts — never the rest of the repository, where `npm run up` keeps uploaded files and data
    // exports (.data/) and logs (.logs/). The deny list holds even inside those folders.
    fs: {
      strict: true,
      allow: [repo('frontend'), repo('contracts'), repo('node_modules')],
      deny: [
        '.env',
        '.env.*',
        '*.{crt,pem,key}',
        '**/.git/**',
        '**/.data/**',
        '**/.logs/**',
        '**/.tools/**',
        // node_modules links the workspaces: the api's and the mails' code are not the web app's.
        '**/node_modules/@mashrou/{backend,emails}/**',
      ],
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy: { '/api': api, '/admin': api } },
  // The manifest tells the prerender which chunks each page needs (it removes it from dist).
  build: {
    sourcemap: !isSsrBuild,
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 600,
    // Every browser we serve preloads modules natively: no polyfill in the entry. A dynamic import
    // preloads the chunks it needs but those its importing chunk imports itself (loaded already, as it
    // runs): their names would only add to every screen's code.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !staticImports.get(hostId)?.has(dep)) : deps,
    },
    // zod and the api's schemas (built when their module runs), one chunk per area of the api: a
    // hydrating page evaluates them a chunk per task (src/main.tsx), not in one long task.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
                // Floating elements' positioning (Mantine's Popover, Tooltip, Combobox), apart: merged into a
                // small shared module's chunk it came with screens that show no floating element (the admin's
                // Overview with the signups chart's tooltip, which loads on the first hover).
                { name: 'floating-ui', test: /[\\/]node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false },
                // i18next apart from Mantine's core, which it shared a chunk with: a hydrating page evaluates
                // them a chunk per task (src/main.tsx), not in one long task. (Routing, the query cache and
                // the rest of Mantine's core stay where they are: as groups of their own they would add code
                // the first visit does not run.)
                { name: 'i18next', test: /[\\/]node_modules[\\/](react-)?i18next[\\/]/ },
                // The Mantine components the public pages show (besides Stack, Center and Title, which the
                // app's own chunk holds) and the helpers only they share, in one chunk: a page fetches one
                // file, not twenty small ones, each a task of its own on a phone's main thread. Their own
                // modules only: Mantine's core they build on stays with the app's chunk (else the whole
                // group would join every first visit's JS).
                {
                  name: 'mantine-public',
                  test: new RegExp(
                    String.raw`[\\/]@mantine[\\/](` +
                      String.raw`core[\\/]esm[\\/]components[\\/](Text|Anchor|Badge|Paper|Card|Group|List|SimpleGrid|ThemeIcon|Alert|Input|InputBase|TextInput|ActionIcon|Progress|CloseButton)[\\/]|` +
                      String.raw`core[\\/]esm[\\/]core[\\/].*(create-safe-context|get-breakpoint-value|get-sorted-breakpoints|get-base-value|get-auto-contrast-value|use-resolved-styles-api)[\\/]|` +
                      String.raw`hooks[\\/]esm[\\/](use-id|utils[\\/]random-id)[\\/])`,
                  ),
                  includeDependenciesRecursively: false,
                },
                // Mantine's core (the provider, Box, its styles api) and the few components every page shows
                // (Button, Stack, Transition…), in one chunk rather than four that every page loads anyway.
                {
                  name: 'mantine-start',
                  test: new RegExp(
                    String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|` +
                      String.raw`components[\\/](Button|Loader|Transition|Stack|UnstyledButton|Title)[\\/])`,
                  ),
                  includeDependenciesRecursively: false,
                },
                // The small modules the public pages share with the rest of the app (helpers of our own, a few
                // Mantine hooks and components, the query cache's observers), in two chunks instead of about
                // fifteen files of 0.2-8 kB each: every file a page loads is a request for the browser, a
                // preload and an import on the main thread, and those add up on a phone far more than the
                // few kB a signed-in screen may now load that it does not use. The ones the app's own chunk
                // imports apart ('start-shared'), so the first visit's JS stays what the app runs at start.
                {
                  name: 'start-shared',
                  test: new RegExp(
                    String.raw`[\\/]src[\\/]lib[\\/]errors\.ts$|` +
                      String.raw`[\\/]@mantine[\\/](hooks[\\/]esm[\\/](use-isomorphic-effect|use-mutation-observer)[\\/]|core[\\/]esm[\\/]components[\\/]Center[\\/])`,
                  ),
                  includeDependenciesRecursively: false,
                },
                {
                  name: 'public-shared',
                  test: new RegExp(
                    String.raw`[\\/]src[\\/](` +
                      String.raw`lib[\\/](form-errors|language|lazy-resolver|load-on-use|auth|use-focus-on-change|roles|timings)\.ts|` +
                      String.raw`components[\\/]ui[\\/](logo|language-switch|back-arrow)\.tsx|` +
                      String.raw`features[\\/]auth[\\/]api[\\/]load\.ts)$|` +
                      String.raw`[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|` +
                      String.raw`[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/]` +
                      String.raw`(mutationObserver|useMutation|queryObserver|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|queryOptions)\.js$`,
                  ),
                  includeDependenciesRecursively: false,
                },
                // What only the sign-in, sign-up and reset forms (and Settings' password form) are built from,
                // their card and password field: apart from 'public-shared', which every signed-in screen loads.
                {
                  name: 'public-forms',
                  test: new RegExp(
                    String.raw`[\\/]src[\\/]components[\\/]ui[\\/](auth-card|password-input)\.tsx$|` +
                      String.raw`[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]PasswordInput[\\/]`,
                  ),
                  includeDependenciesRecursively: false,
                },
                // The contract's plain values (the languages, the signed-in cookie's name, the return path's
                // check, the sign-in providers; no zod): the entry and the public pages need them first.
                {
                  name: 'locales',
                  test: /[\\/]contracts[\\/]dist[\\/](locale|session|return-path|provider-outcomes)\.js$/,
                  priority: 1,
                },
                // How the web app calls the api and the contract's plain values (no zod): every signed-in
                // screen needs them; only a form's checks need the schemas below.
                {
                  name: 'contracts-client',
                  test: /[\\/]contracts[\\/]dist[\\/](routes|values|endpoint)\.js$/,
                  priority: 1,
                },
                // What every area's schemas build on, apart from any area: a form loads only the areas it checks.
                { name: 'contracts-common', test: /[\\/]contracts[\\/]dist[\\/]common\.js$/, priority: 1 },
                {
                  name: (id: string) => {
                    const area = /[\\/]contracts[\\/]dist[\\/](\w+)\.js$/.exec(id)?.[1];
                    return area ? `contracts-${area}` : null;
                  },
                },
              ],
            },
          },
        },
  },
}));
