/**
 * `node e2e/screenshot.ts [path ...]`: PNGs of pages of the served build, to look at (`SHOT_LANG=ar`:
 * in Arabic, as a visitor who chose it).
 */
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
  const lang = process.env.SHOT_LANG;
  if (lang) {
    await page.context().addCookies([{ name: 'mashrou_lang', value: lang, url: server.url }]);
    await page.addInitScript((l) => {
      localStorage.setItem('mashrou.lang', l);
    }, lang);
  }
  for (const p of paths) {
    await page.goto(server.url + p);
    await page.waitForLoadState('networkidle');
    const file = `${out}/${tag}${lang ? `-${lang}` : ''}${p.replace(/\//g, '_') || '_root'}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
await server.close();
