import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BACKEND_DIR, TestEnv } from './support/env.js';
import { applicationAt, companyWithOpenProject, signedIn, studentWithAssessment, world } from './support/factories.js';

/** The web build (npm test builds every workspace first: scripts/test.sh). */
const WEB_DIR = join(BACKEND_DIR, '../frontend/dist');

describe('the web build served by the api (SERVE_WEB_DIR)', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let asset = '';

  beforeAll(async () => {
    if (!existsSync(join(WEB_DIR, 'spa.html'))) {
      throw new Error(`no prerendered web build in ${WEB_DIR}: run \`npm run build -w frontend\` first`);
    }
    // The entry script of the SPA shell: a hashed file under /assets/.
    asset = /src="(\/assets\/index-[\w-]+\.js)"/.exec(readFileSync(join(WEB_DIR, 'spa.html'), 'utf8'))?.[1] ?? '';
    await env.start();
    api = await env.api({ SERVE_WEB_DIR: WEB_DIR });
  });
  afterAll(() => env.close());

  it('a hashed asset comes precompressed (brotli, else gzip) and cached for a year', async () => {
    expect(asset).not.toBe('');
    const br = await api.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBe(readFileSync(join(WEB_DIR, `${asset}.br`)).length);

    const gz = await api.inject({ method: 'GET', url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await api.inject({ method: 'GET', url: asset });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(readFileSync(join(WEB_DIR, asset), 'utf8'));
  });

  it('/ is the prerendered landing page, revalidated on every visit', async () => {
    const res = await api.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const plain = await api.inject({ method: 'GET', url: '/' });
    expect(plain.payload).toContain('data-prerendered="/"');
    // The pages carry the api's policy: scripts only from us (no inline script in any page), no framing.
    expect(plain.headers['content-security-policy']).toMatch(/script-src 'self' 'inline-speculation-rules'(;|$)/);
    expect(plain.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain.payload).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(plain.headers['permissions-policy']).toContain('camera=()');
    expect(plain.payload).toContain('Real projects that boost your career');
  });

  it('sign-in and sign-up are prerendered too; other routes get the SPA shell, unknown assets a 404', async () => {
    const signin = await api.inject({ method: 'GET', url: '/signin?email=a%40b.c' });
    expect(signin.payload).toContain('data-prerendered="/signin"');
    const signup = await api.inject({ method: 'GET', url: '/signup/' });
    expect(signup.payload).toContain('data-prerendered="/signup"');
    for (const url of ['/dashboard', '/dashboard/settings', '/no/such/page']) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.payload).toContain('<div id="root"></div>');
    }
    expect((await api.inject({ method: 'GET', url: '/assets/gone-1234.js' })).statusCode).toBe(404);
    expect((await api.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });

  it("a signed-in screen's shell preloads that screen's code with the app's, in the visitor's language", async () => {
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const spa = preloads(readFileSync(join(WEB_DIR, 'spa.html'), 'utf8'));
    const browse = await api.inject({ method: 'GET', url: '/dashboard/browse-projects?project=x&page=2' });
    expect(browse.statusCode).toBe(200);
    expect(browse.headers['cache-control']).toBe('no-cache');
    expect(browse.payload).toContain('<div id="root"></div>');
    expect(browse.payload).toContain('<html lang="en" dir="ltr">');
    const code = preloads(browse.payload);
    // Everything the SPA shell preloads, and the screen's own chunks besides.
    expect(code).toEqual(expect.arrayContaining(spa));
    expect(code.some((f) => /\/assets\/browse-projects-[\w-]+\.js$/.test(f ?? ''))).toBe(true);
    expect(code.some((f) => /\/assets\/dashboard-layout-[\w-]+\.js$/.test(f ?? ''))).toBe(true);
    for (const f of code) expect((await api.inject({ method: 'GET', url: f ?? '' })).statusCode).toBe(200);

    const arabic = await api.inject({ method: 'GET', url: '/dashboard/browse-projects', headers: { cookie: 'mashrou_lang=ar' } });
    expect(arabic.payload).toContain('<html lang="ar" dir="rtl">');
    // Arabic's texts come with it (three more chunks: its public part, its app part and Browse's
    // `student` area, frontend/src/locales/areas.ts).
    expect(preloads(arabic.payload).length).toBe(code.length + 3);
    // A screen of another role preloads other code; an unknown screen gets the SPA shell.
    const users = preloads((await api.inject({ method: 'GET', url: '/dashboard/manage-users' })).payload);
    expect(users.some((f) => /manage-users-page-/.test(f ?? ''))).toBe(true);
    expect(users.some((f) => /browse-projects-/.test(f ?? ''))).toBe(false);
    expect(preloads((await api.inject({ method: 'GET', url: '/dashboard/no-such-screen' })).payload)).toEqual(spa);
  });

  it('the icons the pages link (PNG, which the browser decodes off the main thread) are served, cached an hour', async () => {
    const page = (await api.inject({ method: 'GET', url: '/signin' })).payload;
    const icons = [...page.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]* href="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(icons).toEqual(['/favicon.png', '/apple-touch-icon.png']);
    for (const url of icons) {
      const res = await api.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('a prerendered page comes in the visitor language: the chosen one (cookie), else the browser one', async () => {
    const page = (url: string, headers: Record<string, string> = {}) => api.inject({ method: 'GET', url, headers });
    const isArabic = (html: string) => html.includes('<html lang="ar" dir="rtl"') && html.includes('data-lang="ar"');

    const english = await page('/signin');
    expect(english.payload).toContain('<html lang="en" dir="ltr"');
    expect(english.headers.vary).toMatch(/cookie/i);
    expect(english.headers.vary).toMatch(/accept-language/i);
    expect(isArabic((await page('/signin', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' })).payload)).toBe(true);
    expect(isArabic((await page('/', { cookie: 'mashrou_lang=ar' })).payload)).toBe(true);
    // The visitor's own choice beats the browser's languages, both ways.
    expect(isArabic((await page('/signup', { cookie: 'mashrou_lang=en', 'accept-language': 'ar' })).payload)).toBe(false);
    expect(isArabic((await page('/signup', { cookie: 'mashrou_lang=ar', 'accept-language': 'en' })).payload)).toBe(true);
    // A made-up choice is ignored, and the Arabic page comes compressed like the English one.
    expect(isArabic((await page('/', { cookie: 'mashrou_lang=../../etc' })).payload)).toBe(false);
    const br = await page('/', { cookie: 'mashrou_lang=ar', 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
  });

  describe('a signed-in screen rendered for its visitor (signed-in-pages.ts)', () => {
    /** The query cache the page was rendered from, as the browser reads it. */
    const stateOf = (html: string) => {
      const json = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(html)?.[1];
      if (json === undefined) throw new Error('the page has no server state');
      return JSON.parse(json) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    const isShell = (html: string) => html.includes('<div id="root"></div>') && !html.includes('server-state');

    it('arrives with its user and first data, escaped, in their language, compressed and private to them', async () => {
      const w = world(api);
      const admin = await signedIn(api, 'admin');
      const title = 'Menu photos </script><script>alert(1)</script> for a café';
      const { projectId } = await companyWithOpenProject(w, admin.client, { project: { title } });
      const student = await studentWithAssessment(w, { overall: 80, skills: ['SQL'] });
      const applicationId = await applicationAt('submitted', { student: student.client, projectId });
      await w.sql(`update applications set updated_at = '2026-11-20T22:30:00Z' where id = $1`, [applicationId]);
      // The browser's time zone, as the web app leaves it: the page's times are in it.
      student.client.cookies.set('mashrou_tz', 'Asia/Dubai');

      const res = await student.client.get('/dashboard/my-applications');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      // One person's page: never kept by a shared cache, and never answered from another's.
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.vary).toMatch(/cookie/i);
      expect(res.payload).toContain('data-signed-in');
      expect(res.payload).toContain('<html lang="en" dir="ltr"');
      expect(res.payload).toContain(student.user.fullName);
      expect(res.payload).toContain('My Applications');
      // The title a company wrote is text in the page and in its data, never markup.
      expect(res.payload).toContain('Menu photos &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; for a café');
      expect(res.payload).not.toContain('<script>alert(1)');
      expect(res.payload).toContain('21 Nov 2026, 02:30');
      const state = stateOf(res.payload);
      const keys = state.queries.map((q) => JSON.stringify(q.queryKey));
      expect(keys).toContain('["auth","me"]');
      expect(JSON.stringify(state)).toContain(title);
      // Its code is listed for after the first paint, nothing preloaded before it.
      expect(res.payload).toMatch(/data-code="[^"]*\/assets\/my-applications-page-[\w-]+\.js/);
      expect(res.payload).not.toContain('rel="modulepreload"');

      const gz = await student.client.request('GET', '/dashboard/my-applications', undefined, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');

      // It names the rules for fetching the next screen ahead (as the pointer rests on its link).
      expect(res.headers['speculation-rules']).toBe('"/speculation-rules.json"');
      const rules = await api.inject({ method: 'GET', url: '/speculation-rules.json' });
      expect(rules.headers['content-type']).toMatch(/^application\/speculationrules\+json(;|$)/);
      expect(rules.json<{ prefetch: { where: unknown; eagerness: string }[] }>().prefetch[0]).toEqual({
        source: 'document',
        where: { or: [{ href_matches: '/dashboard' }, { href_matches: '/dashboard/*' }] },
        eagerness: 'moderate',
      });

      // A time zone by another of its names (Firefox says Asia/Kolkata) is one too.
      student.client.cookies.set('mashrou_tz', 'Asia%2FKolkata');
      expect((await student.client.get('/dashboard/my-applications')).payload).toContain('21 Nov 2026, 04:00');
      student.client.cookies.set('mashrou_tz', 'Asia%2FDubai');

      // The account's language, whatever the browser asks for.
      expect((await student.client.patch('/api/me', { locale: 'ar' })).statusCode).toBe(200);
      // (The browser's choice of language says English.)
      student.client.cookies.set('mashrou_lang', 'en');
      const arabic = await student.client.request('GET', '/dashboard/my-applications', undefined, { 'accept-language': 'en' });
      expect(arabic.payload).toContain('<html lang="ar" dir="rtl"');
      expect(arabic.payload).toContain('data-lang="ar"');
      expect(arabic.payload).toContain('طلباتي');
    });

    it("is the shell for anyone it is not for: signed out, a forged session, another role's screen, an unverified account, an unknown time zone", async () => {
      const signedOut = await api.inject({ method: 'GET', url: '/dashboard/my-applications' });
      expect(isShell(signedOut.payload)).toBe(true);
      expect(signedOut.headers['cache-control']).toBe('no-cache');
      const forged = await api.inject({
        method: 'GET',
        url: '/dashboard/my-applications',
        headers: { cookie: 'mashrou_session=forged.value; mashrou_signed_in=1' },
      });
      expect(forged.statusCode).toBe(200);
      expect(isShell(forged.payload)).toBe(true);
      const company = await signedIn(api, 'startup');
      company.client.cookies.set('mashrou_tz', 'UTC');
      expect(isShell((await company.client.get('/dashboard/my-applications')).payload)).toBe(true);
      // Its own screens are rendered.
      expect((await company.client.get('/dashboard/view-projects')).payload).toContain('server-state');
      // Not without the browser's time zone (its times would differ from the browser's), nor a made-up one.
      company.client.cookies.delete('mashrou_tz');
      expect(isShell((await company.client.get('/dashboard/view-projects')).payload)).toBe(true);
      company.client.cookies.set('mashrou_tz', 'Mars%2FOlympus');
      expect(isShell((await company.client.get('/dashboard/view-projects')).payload)).toBe(true);
      const unverified = await signedIn(api, 'student', { verified: false });
      unverified.client.cookies.set('mashrou_tz', 'UTC');
      expect(isShell((await unverified.client.get('/dashboard')).payload)).toBe(true);
    });
  });
});
