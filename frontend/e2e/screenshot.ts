/** `npx tsx e2e/screenshot.ts [path ...]`: PNGs of pages of the served build, to look at. */
import { mkdirSync } from 'node:fs';
import { launchBrowser, serveBuild } from './support.ts';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/signin', '/nope'];
const out = process.env.SHOT_DIR ?? 'screenshots';
mkdirSync(out, { recursive: true });
const server = await serveBuild();
const browser = await launchBrowser();
for (const [w, h, tag] of [
  [1280, 900, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  for (const p of paths) {
    await page.goto(server.url + p);
    await page.waitForLoadState('networkidle');
    const file = `${out}/${tag}${p.replace(/\//g, '_') || '_root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
await server.close();
