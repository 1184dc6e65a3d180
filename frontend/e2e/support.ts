import { chromium, type Browser } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
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
