import './app/mantine-styles';
import { startTransition } from 'react';
import { SERVER_STATE_ID, isPrerenderedFor, renderedSignedIn } from './app/prerendered';
import { isLocale, preferredLanguage } from './lib/preferred-language';
import { rememberTimeZone } from './lib/time-zone';
import { logWindowErrors } from './lib/window-errors';

logWindowErrors();
// For the api's next render of a page, so once the browser is idle: a page's first Intl.DateTimeFormat
// costs a phone tens of milliseconds, which its start has better use for.
if ('requestIdleCallback' in window) requestIdleCallback(rememberTimeZone, { timeout: 2000 });
else setTimeout(rememberTimeZone, 1000);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** How many module preloads one task starts (each costs the main thread 1–5 ms on this kind of machine). */
const PRELOADS_PER_TASK = 3;

/** Resolves after `ms` (from a task of its own). */
const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** Ends the current task: the app's code runs in a few shorter tasks rather than one long one. */
const nextTask = () => wait(0);

/**
 * Resolves once the page's first contentful paint is on screen (at once in a hidden tab, which does
 * not paint; after a frame where paint timing is not reported; after 3 s at most).
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    setTimeout(resolve, 3000);
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      requestAnimationFrame(() => {
        setTimeout(resolve, 0);
      });
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  });

/** How long the page waits for its code to arrive before evaluating what it has (a slow network). */
const FETCH_WAIT_MS = 5000;

/**
 * Fetches the page's code (the chunks the prerender listed, each after those it imports) all at
 * once, waits until it has arrived, then evaluates it a chunk per task: no single long task while
 * the page is on screen, and none of them sharing a phone's CPU with the downloads.
 */
async function loadInStages(files: string[]) {
  const arrived: Promise<unknown>[] = [];
  // Each preload starts a fetch on the main thread: a few per task.
  for (let i = 0; i < files.length; i += PRELOADS_PER_TASK) {
    for (const href of files.slice(i, i + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      arrived.push(
        new Promise((resolve) => {
          // A failed preload is fetched again, and reported, by the import below.
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
        }),
      );
      document.head.appendChild(link);
    }
    await nextTask();
  }
  await Promise.race([Promise.all(arrived), wait(FETCH_WAIT_MS)]);
  await nextTask();
  for (const href of files) {
    await import(/* @vite-ignore */ href);
    await nextTask();
  }
}

/**
 * A page prerendered for this very path, in the language this browser shows, is hydrated (as a transition, so React yields while it
 * works); anything else (the SPA shell, or a server that answered another page's HTML) is rendered
 * from scratch. A prerendered page is painted first, then its code is fetched and evaluated in
 * stages, so the page stays responsive meanwhile; the SPA shell loads React DOM, then the app.
 */
async function start(container: HTMLElement) {
  // A signed-in screen the api rendered is in its account's language, which the app shows.
  const signedIn = renderedSignedIn(container);
  const language = signedIn && isLocale(container.dataset.lang) ? container.dataset.lang : preferredLanguage();
  const hydrate = isPrerenderedFor(container, window.location.pathname, language);
  if (hydrate) {
    await afterFirstPaint();
    await loadInStages((container.dataset.code ?? '').split(' ').filter(Boolean)).catch((err: unknown) => {
      console.error('[preload]', err);
    });
  } else {
    await import('react-dom/client');
    await nextTask();
  }
  const {
    App,
    createQueryClient,
    createRoot,
    createRouter,
    hydrateRoot,
    hydrationFor,
    resolveLazyRoutes,
    routes,
    screenCode,
    startLanguage,
    startFromServer,
    startSignedIn,
    startSignedOut,
  } = await import('./app/app');
  const queryClient = createQueryClient();
  if (!hydrate) startSignedIn(queryClient, window.location.pathname);
  await startLanguage(language).catch((err: unknown) => {
    // Its catalogue did not load: the app shows English (always loaded) rather than nothing.
    console.error('[language]', err);
  });
  if (hydrate) {
    try {
      await nextTask();
      await resolveLazyRoutes(routes, window.location.pathname);
      await nextTask();
      if (signedIn) startFromServer(queryClient, document.getElementById(SERVER_STATE_ID)?.textContent);
      else startSignedOut(queryClient);
      // The code the screen chose by who is signed in or by its address (the page listed it, so it is
      // here): hydrating without it would stop at that screen and finish once it came.
      await screenCode(queryClient, window.location.pathname, new URLSearchParams(window.location.search)).catch(
        (err: unknown) => {
          console.error('[screen code]', err);
        },
      );
      const router = createRouter(queryClient, hydrationFor(window.location.pathname));
      startTransition(() => {
        hydrateRoot(container, <App router={router} queryClient={queryClient} />);
      });
      return;
    } catch (err) {
      // The page's code did not load: render from scratch, so the router shows its error screen.
      console.error('[hydrate]', err);
    }
  }
  // As a transition too: React renders the first screen in slices, yielding to the browser between
  // them, rather than in one long task a phone cannot answer a tap during.
  const root = createRoot(container);
  startTransition(() => {
    root.render(<App router={createRouter(queryClient)} queryClient={queryClient} />);
  });
}

void start(root);
