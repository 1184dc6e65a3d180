import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { fileURLToPath } from 'node:url';

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
