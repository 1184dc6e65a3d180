import en from '../src/locales/en.json' with { type: 'json' };
import ar from '../src/locales/ar.json' with { type: 'json' };
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { preview, type PreviewServer } from 'vite';
import { fileURLToPath } from 'node:url';
import { TIME_ZONE_COOKIE } from '@mashrou/contracts/locale';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/** Serves the production build (`vite build` output) on a free port. */
export async function serveBuild(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: PreviewServer = await preview({
    root: fileURLToPath(new URL('..', import.meta.url)),
    preview: { port: 0, host: '127.0.0.1', strictPort: false },
    logLevel: 'silent',
  });
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '');
  if (!url) throw new Error('vite preview did not report its URL');
  return { url, close: () => server.close() };
}

/** A full-page PNG of a journey step, when `SHOT_DIR` is set (to look at; never compared). */
export async function shot(page: Page, name: string) {
  if (process.env.SHOT_DIR) await page.screenshot({ path: `${process.env.SHOT_DIR}/${name}.png`, fullPage: true });
}

/** A fresh browser context signed in through the real sign-in page, landed on the dashboard. */
export async function signInPage(
  browser: Browser,
  url: string,
  email: string,
  password = 'secret-pass-1',
  viewport = { width: 1280, height: 900 },
) {
  const page = await (await browser.newContext({ viewport })).newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto(`${url}/signin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${url}/dashboard`);
  return page;
}

/** The languages every screen is checked in; a language is chosen before the first load. */
export type Lang = 'en' | 'ar';

const CATALOGUES: Record<Lang, object> = { en, ar };

/** A catalogue key's text in a language ('a.b.c'): how a test finds a button by what the reader sees. */
export const textIn =
  (lang: Lang) =>
  (key: string): string => {
    const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], CATALOGUES[lang]);
    if (typeof v !== 'string') throw new Error(`no text for ${key}`);
    return v;
  };
export const LANG_KEY = 'mashrou.lang';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/** A fresh context showing the app in `lang` (set in localStorage before any page script runs). */
export async function langContext(browser: Browser, lang: Lang, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  trackRequests(context);
  await context.addInitScript(
    ([key, value]) => {
      localStorage.setItem(key, value);
    },
    [LANG_KEY, lang] as const,
  );
  return context;
}

/**
 * A page in `lang` at `viewport`, signed in as `as` when given (through the api; the account's
 * language set to `lang`, which a signed-in app follows); dialogs are accepted. Its context is
 * pushed on `contexts` for the caller to close.
 */
export async function langPage(
  browser: Browser,
  url: string,
  contexts: BrowserContext[],
  lang: Lang,
  viewport: { width: number; height: number },
  as?: { email: string; password: string },
) {
  const context = await langContext(browser, lang, viewport);
  contexts.push(context);
  if (as) {
    await signInContext(context, url, as.email, as.password);
    const saved = await context.request.patch(`${url}/api/me`, {
      headers: { 'x-requested-with': 'mashrou' },
      data: { locale: lang },
    });
    if (saved.status() !== 200) throw new Error(`setting the language of ${as.email} failed: ${saved.status()}`);
  }
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  return page;
}

/** Signs a context in through the api (its cookie jar is the browser's): no UI text involved. */
export async function signInContext(
  context: BrowserContext,
  url: string,
  email: string,
  password: string,
  { timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone }: { timeZone?: string } = {},
) {
  const res = await context.request.post(`${url}/api/auth/signin`, {
    headers: { 'x-requested-with': 'mashrou' },
    data: { email, password },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
  // What the sign-in page's code leaves (src/lib/time-zone.ts): the api renders signed-in screens in
  // it. The browser's own zone (this machine's, unless the context was given another).
  await context.addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(timeZone), url }]);
}

/** The requests each tracked context has in flight (a live stream such as the bell's is never "done"). */
const inFlight = new WeakMap<BrowserContext, Set<Request>>();

/** Follows a context's requests from its first page on, so settle() knows when its pages are quiet. */
export function trackRequests(context: BrowserContext) {
  const pending = new Set<Request>();
  inFlight.set(context, pending);
  context.on('request', (r) => {
    if (r.resourceType() !== 'eventsource') pending.add(r);
  });
  const done = (r: Request) => pending.delete(r);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/** The page a request belongs to (a service worker's has none). */
function ownPage(r: Request): Page | undefined {
  try {
    return r.frame().page();
  } catch {
    return undefined;
  }
}

/** No request of the page in flight for `quietMs` in a row (Playwright's networkidle waits 500 ms). */
async function networkQuiet(page: Page, quietMs = 200, timeoutMs = 15_000) {
  const pending = inFlight.get(page.context());
  if (!pending) return page.waitForLoadState('networkidle');
  const until = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    const busy = [...pending].some((r) => ownPage(r) === page);
    if (busy) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > until) throw new Error(`requests still in flight after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits for a screen to finish loading: requests done, skeletons and loaders gone, transitions over. */
/**
 * Until a page shown before its code runs (prerendered, or a signed-in screen the api rendered) is
 * hydrated, its controls are disabled (src/lib/live-once-hydrated.tsx): typing key by key, or pressing
 * Tab, waits for this first (fill and click wait for enabled controls themselves).
 */
export async function live(page: Page) {
  await page.waitForFunction(() => !document.querySelector('fieldset[disabled]'), undefined, { timeout: 15_000 });
}

export async function settle(page: Page) {
  await live(page);
  await networkQuiet(page);
  await page.waitForFunction(
    () => !document.querySelector('.mantine-Skeleton-root[data-visible], .mantine-Loader-root'),
    undefined,
    {
      timeout: 10_000,
    },
  );
  // Transitions over (a drawer sliding in, a dialog fading): ten frames in a row (about 170 ms) with no
  // finite animation running — a transition the last render asked for starts within a frame or two.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const until = performance.now() + 5_000;
        let quiet = 0;
        const frame = () => {
          const busy = document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
          quiet = busy ? 0 : quiet + 1;
          if (quiet >= 10 || performance.now() > until) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

export type AxeFinding = { rule: string; impact: string; help: string; nodes: { target: string; detail: string }[] };

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A/AA and best practice). */
export async function axeSerious(page: Page): Promise<AxeFinding[]> {
  // Only violations are read: axe skips building the details of passing and inapplicable checks.
  // Legacy mode runs axe.run in the page itself: the default opens a blank page per scan to merge the
  // frames' partial results (a second of a slow machine's time per screen, for frames no screen has).
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => {
        // Contrast findings say which colours failed: the theme is fixed from these.
        const d = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const colours = d?.fgColor ? ` [${d.fgColor} on ${d.bgColor ?? '?'}: ${d.contrastRatio ?? '?'}]` : '';
        return { target: n.target.join(' '), detail: `${n.html.slice(0, 120)}${colours}` };
      }),
    }));
}

/**
 * Whether the focused element shows a focus indicator: an outline, a box-shadow ring, or (Mantine's
 * inputs) a border in the primary colour on it or its input wrapper. Asked again after a moment when
 * a border transition may still be running.
 */
export async function focusVisible(page: Page) {
  const check = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return false;
      const s = getComputedStyle(el);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return true;
      if (s.boxShadow !== 'none' && s.boxShadow !== '') return true;
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-primary-color-filled)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.remove();
      const box = el.closest('.mantine-Input-input') ?? el;
      return getComputedStyle(box).borderTopColor === primary;
    });
  if (await check()) return true;
  await page.waitForTimeout(300);
  return check();
}

/** Presses Tab (or Shift+Tab) until `target` has focus, and checks that the focus is visible there. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  const el = target.first();
  await el.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await el.evaluate((node) => node === document.activeElement)) {
      if (!(await focusVisible(page))) throw new Error(`focus on ${el.toString()} is not visible`);
      return;
    }
  }
  throw new Error(`${back ? 'Shift+Tab' : 'Tab'} never reached ${el.toString()}`);
}

/** Whether `target` has focus now. */
export const hasFocus = (target: Locator) => target.first().evaluate((node) => node === document.activeElement);

/**
 * In a focused native select: arrows down until `name` is the chosen option (on Linux and Windows no
 * list opens: the choice changes at each step).
 */
export async function chooseNativeOption(select: Locator, name: string, max = 20) {
  const chosen = async () => (await select.locator('option:checked').innerText()).trim();
  for (let i = 0; i < max && (await chosen()) !== name; i++) await select.press('ArrowDown');
  if ((await chosen()) !== name) throw new Error(`no option ${name}`);
}

/** In an open or focused Mantine combobox: arrows down to the option named `name` and picks it with Enter. */
export async function chooseOption(page: Page, name: string, max = 20) {
  await page.keyboard.press('ArrowDown');
  await page.getByRole('listbox').first().waitFor();
  for (let i = 0; i < max; i++) {
    const current = page.locator('[role=option][data-combobox-selected]');
    if ((await current.count()) && (await current.first().innerText()).trim() === name) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${name}`);
}
