/**
 * Sign in with Google and LinkedIn (issue 29), against real OpenID Connect providers on 127.0.0.1
 * (oidc-stand-in.ts): the whole redirect dance, as a browser makes it — our start, the provider's
 * login form, its redirect back, our callback.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestEnv } from './support/env.js';
import { ApiClient } from './support/client.js';
import { PASSWORD, signedIn } from './support/factories.js';
import { OidcStandIn } from './support/oidc-stand-in.js';

const WEB = 'http://localhost:5173';
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

/** The provider's side of a sign-in, as a browser: its cookies, its login form. */
async function atProvider(
  provider: OidcStandIn,
  authorizeUrl: string,
  login: string,
  opts: { cancel?: boolean } = {},
): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      // Back to us: the callback address, for our api to answer.
      if (!next.startsWith(provider.issuer)) return next;
      url = next;
      method = 'GET';
      body = undefined;
      continue;
    }
    // The provider's login form (its dev interactions): any password.
    const page = await res.text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${page.slice(0, 200)}`);
    if (opts.cancel) {
      url = new URL(`${action}/abort`, provider.issuer).toString();
      continue;
    }
    url = new URL(action, provider.issuer).toString();
    method = 'POST';
    body = new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

describe('sign in with Google and LinkedIn (OpenID Connect)', () => {
  const google = new OidcStandIn('google', (p) => `${WEB}/api/auth/providers/${p}/callback`);
  const linkedin = new OidcStandIn('linkedin', (p) => `${WEB}/api/auth/providers/${p}/callback`);
  const env = new TestEnv();
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await Promise.all([google.start(), linkedin.start()]);
    await env.start();
    api = await env.api({ ...google.env, ...linkedin.env });
    await env.worker();
  });
  afterAll(async () => {
    await env.close();
    await Promise.all([google.stop(), linkedin.stop()]);
  });

  const standIn = (p: 'google' | 'linkedin') => (p === 'google' ? google : linkedin);

  /** A whole provider sign-in from `client`'s browser: where our callback sends it (a web app path). */
  async function viaProvider(
    client: ApiClient,
    p: 'google' | 'linkedin',
    login: string,
    opts: { query?: string; cancel?: boolean; tamper?: (callback: URL) => void } = {},
  ) {
    const start = await client.get(`/api/auth/providers/${p}/start${opts.query ?? ''}`);
    expect(start.statusCode).toBe(303);
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(standIn(p).issuer);
    // Authorization code flow with PKCE, state and nonce.
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const callback = new URL(await atProvider(standIn(p), authorize.toString(), login, opts));
    expect(`${callback.origin}${callback.pathname}`).toBe(`${WEB}/api/auth/providers/${p}/callback`);
    opts.tamper?.(callback);
    const back = await client.get(`${callback.pathname}${callback.search}`);
    expect(back.statusCode).toBe(303);
    const to = new URL(String(back.headers.location));
    expect(to.origin).toBe(WEB);
    return `${to.pathname}${to.search}`;
  }

  const me = async (client: ApiClient) => {
    const res = await client.get('/api/auth/me');
    return res.statusCode === 200 ? res.json<{ user: { email: string; userType: string; emailVerified: boolean } }>().user : null;
  };

  it('offers the configured providers', async () => {
    const res = await new ApiClient(api).get('/api/auth/providers');
    expect(res.json()).toEqual({ providers: ['google', 'linkedin'] });
  });

  it('a new student: the verified email and name start a sign-up that skips the code step', async () => {
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'google', 'nadia.haddad@example.com', { query: '?intent=signup' })).toBe(
      '/signup?provider=google',
    );
    expect(await me(browser)).toBeNull();
    const pending = await browser.get('/api/auth/providers/pending');
    expect(pending.json()).toEqual({
      kind: 'signup',
      provider: 'google',
      email: 'nadia.haddad@example.com',
      fullName: 'Nadia Haddad',
    });

    const made = await browser.post('/api/auth/providers/signup', { userType: 'student', fullName: 'Nadia Haddad' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ user: { email: 'nadia.haddad@example.com', userType: 'student', emailVerified: true } });
    expect(await me(browser)).toMatchObject({ email: 'nadia.haddad@example.com', onboardingComplete: false });
    // Welcomed like any verified account; no code was ever mailed.
    await env.smtp.waitForMail('nadia.haddad@example.com', /welcome/i);
    expect(env.smtp.to('nadia.haddad@example.com', /code/i)).toEqual([]);
    // The pending sign-up is used up.
    expect((await browser.post('/api/auth/providers/signup', { userType: 'student', fullName: 'X' })).statusCode).toBe(410);

    // Next time, Google signs the same person straight in (to where they were going).
    const later = new ApiClient(api);
    expect(
      await viaProvider(later, 'google', 'nadia.haddad@example.com', { query: '?next=%2Fdashboard%2Fbrowse-projects' }),
    ).toBe('/dashboard/browse-projects');
    expect(await me(later)).toMatchObject({ email: 'nadia.haddad@example.com' });
    // Her account has no password: she cannot unlink her only way in.
    const methods = await later.get('/api/me/sign-in-methods');
    expect(methods.json()).toMatchObject({
      password: false,
      linked: [{ provider: 'google', email: 'nadia.haddad@example.com' }],
    });
    const unlink = await later.request('DELETE', '/api/me/sign-in-methods/google');
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json()).toMatchObject({ code: 'last-sign-in-method' });
    // A password sign-in for her is refused as a wrong password (she has none yet), counted like any.
    const pw = await new ApiClient(api).post('/api/auth/signin', { email: 'nadia.haddad@example.com', password: 'guess-123' });
    expect(pw.statusCode).toBe(401);
  });

  it('a new company through LinkedIn: the role and the company name finish the sign-up', async () => {
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'linkedin', 'omar.khalil@example.com', { query: '?intent=signup' })).toBe(
      '/signup?provider=linkedin',
    );
    const missing = await browser.post('/api/auth/providers/signup', { userType: 'company', fullName: 'Omar Khalil' });
    expect(missing.statusCode).toBe(422);
    const made = await browser.post('/api/auth/providers/signup', {
      userType: 'company',
      fullName: 'Omar Khalil',
      companyName: 'Khalil Labs',
      locale: 'ar',
    });
    expect(made.json()).toMatchObject({
      user: { userType: 'startup', companyName: 'Khalil Labs', locale: 'ar', emailVerified: true },
    });
  });

  it('an existing account is linked only with proof: refused without it, linked after the password', async () => {
    const { user } = await signedIn(api, 'student', { email: 'rana.saleh@example.com' });
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'google', 'rana.saleh@example.com')).toBe(
      `/signin?link=google&email=${encodeURIComponent(user.email)}`,
    );
    // Not signed in, and no account was made or taken over.
    expect(await me(browser)).toBeNull();
    expect((await browser.post('/api/auth/providers/signup', { userType: 'student', fullName: 'Rana' })).statusCode).toBe(410);
    expect((await browser.get('/api/auth/providers/pending')).json()).toMatchObject({ kind: 'link', provider: 'google' });
    const wrong = await browser.post('/api/auth/signin', { email: user.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    const right = await browser.post('/api/auth/signin', { email: user.email, password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect((await browser.get('/api/me/sign-in-methods')).json()).toMatchObject({
      password: true,
      linked: [{ provider: 'google', email: 'rana.saleh@example.com' }],
    });
    // From now on Google signs her in, from any browser.
    const elsewhere = new ApiClient(api);
    expect(await viaProvider(elsewhere, 'google', 'rana.saleh@example.com')).toBe('/dashboard');
    expect(await me(elsewhere)).toMatchObject({ email: 'rana.saleh@example.com' });
    // With her password kept, she can unlink Google.
    expect((await elsewhere.request('DELETE', '/api/me/sign-in-methods/google')).statusCode).toBe(204);
    expect((await elsewhere.get('/api/me/sign-in-methods')).json()).toMatchObject({ linked: [] });
    expect((await elsewhere.request('DELETE', '/api/me/sign-in-methods/google')).json()).toMatchObject({
      code: 'provider-not-linked',
    });
  });

  it("an account someone made with another person's address (never verified) is reclaimed by the mailbox's owner", async () => {
    // The squatter signs up with the victim's address and a password, and cannot verify it…
    const squatter = new ApiClient(api);
    const made = await squatter.post('/api/auth/signup', {
      userType: 'student',
      email: 'hana.victim@example.com',
      password: 'squatter-pass-1',
      fullName: 'Not Hana',
    });
    expect(made.statusCode).toBe(201);
    // …nor link their own Google to the unverified account.
    expect(await viaProvider(squatter, 'google', 'squatter.google@example.com', { query: '?intent=link' })).toBe(
      '/dashboard/settings?provider-error=provider-sign-in-failed',
    );
    // Hana signs in with her Google: the account with her address asks for proof; her mailbox gives it.
    const hana = new ApiClient(api);
    expect(await viaProvider(hana, 'google', 'hana.victim@example.com')).toMatch(/^\/signin\?link=google&/);
    expect((await hana.post('/api/auth/providers/link/code')).statusCode).toBe(202);
    const mail = await env.smtp.waitForMail('hana.victim@example.com', /link Google/);
    expect((await hana.post('/api/auth/providers/link/confirm', { code: codeIn(mail.text ?? '') })).statusCode).toBe(200);
    // The squatter's password and session are gone; Hana's Google is the only way in.
    expect(await me(squatter)).toBeNull();
    const pw = await new ApiClient(api).post('/api/auth/signin', {
      email: 'hana.victim@example.com',
      password: 'squatter-pass-1',
    });
    expect(pw.statusCode).toBe(401);
    expect((await hana.get('/api/me/sign-in-methods')).json()).toMatchObject({
      password: false,
      linked: [{ provider: 'google', email: 'hana.victim@example.com' }],
    });
  });

  it("strangers' wrong passwords do not lock the owner out of Google, and a sign-up is made once", async () => {
    const owner = new ApiClient(api);
    expect(await viaProvider(owner, 'google', 'yara.busy@example.com', { query: '?intent=signup' })).toBe(
      '/signup?provider=google',
    );
    const [first, second] = await Promise.all([
      owner.post('/api/auth/providers/signup', { userType: 'student', fullName: 'Yara Busy' }),
      owner.post('/api/auth/providers/signup', { userType: 'student', fullName: 'Yara Busy' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 410]);
    for (let i = 0; i < 12; i++) {
      await new ApiClient(api, '203.0.113.9').post('/api/auth/signin', {
        email: 'yara.busy@example.com',
        password: `guess-${i}`,
      });
    }
    const locked = await new ApiClient(api, '203.0.113.9').post('/api/auth/signin', {
      email: 'yara.busy@example.com',
      password: 'guess-x',
    });
    expect(locked.statusCode).toBe(429);
    const later = new ApiClient(api);
    expect(await viaProvider(later, 'google', 'yara.busy@example.com')).toBe('/dashboard');
    expect(await me(later)).toMatchObject({ email: 'yara.busy@example.com' });
  });

  it('comes back only to a path of the web app', async () => {
    for (const next of ['/.//evil.example', '//evil.example', 'https://evil.example/', '/api/auth/me']) {
      const browser = new ApiClient(api);
      expect(
        await viaProvider(browser, 'google', 'nadia.haddad@example.com', { query: `?next=${encodeURIComponent(next)}` }),
      ).toBe('/dashboard');
    }
  });

  it('an existing account is linked by the code mailed to it', async () => {
    const { user } = await signedIn(api, 'startup', { email: 'sami.odeh@example.com' });
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'linkedin', 'sami.odeh@example.com')).toMatch(/^\/signin\?link=linkedin&/);
    expect((await browser.post('/api/auth/providers/link/code')).statusCode).toBe(202);
    const mail = await env.smtp.waitForMail(user.email, /link LinkedIn/);
    const code = codeIn(mail.text ?? '')!;
    const wrong = await browser.post('/api/auth/providers/link/confirm', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(await me(browser)).toBeNull();
    const right = await browser.post('/api/auth/providers/link/confirm', { code });
    expect(right.statusCode).toBe(200);
    expect(await me(browser)).toMatchObject({ email: user.email });
    expect((await browser.get('/api/me/sign-in-methods')).json()).toMatchObject({ linked: [{ provider: 'linkedin' }] });
    // Another browser's waiting sign-in cannot use this code (it is spent, and the link is done).
    expect((await new ApiClient(api).post('/api/auth/providers/link/confirm', { code })).statusCode).toBe(410);
  });

  it('refuses an unverified provider email, a wrong state, an answer this browser did not ask for, and a cancel', async () => {
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'google', 'unverified.person@example.com')).toBe(
      '/signin?provider-error=provider-email-unverified',
    );
    expect((await browser.get('/api/auth/providers/pending')).statusCode).toBe(410);

    expect(
      await viaProvider(browser, 'google', 'layla.state@example.com', {
        tamper: (u) => {
          u.searchParams.set('state', 'forged-state');
        },
      }),
    ).toBe('/signin?provider-error=provider-sign-in-failed');
    expect(await me(browser)).toBeNull();

    // A callback made in someone else's browser (a login CSRF): this browser never started it.
    const attacker = new ApiClient(api);
    const start = await attacker.get('/api/auth/providers/google/start');
    const callback = new URL(await atProvider(google, String(start.headers.location), 'attacker@example.com'));
    const victim = new ApiClient(api);
    const res = await victim.get(`${callback.pathname}${callback.search}`);
    expect(String(res.headers.location)).toBe(`${WEB}/signin?provider-error=provider-sign-in-failed`);
    expect(await me(victim)).toBeNull();

    expect(await viaProvider(browser, 'linkedin', 'cancel@example.com', { cancel: true })).toBe(
      '/signin?provider-error=provider-sign-in-cancelled',
    );
  });

  it('refuses an admin unless the admin links the provider from Settings', async () => {
    const { user, client: admin } = await signedIn(api, 'admin', { email: 'admin.one@example.com' });
    const browser = new ApiClient(api);
    expect(await viaProvider(browser, 'google', user.email)).toBe('/signin?provider-error=provider-admin-refused');
    expect(await me(browser)).toBeNull();
    // Signed in, the admin links Google from Settings…
    expect(await viaProvider(admin, 'google', user.email, { query: '?intent=link' })).toBe('/dashboard/settings?linked=google');
    // …and Google now signs them in.
    const later = new ApiClient(api);
    expect(await viaProvider(later, 'google', user.email)).toBe('/dashboard');
    expect(await me(later)).toMatchObject({ userType: 'admin' });
  });

  it('links from Settings only to the signed-in account, and never a provider account linked to someone else', async () => {
    const first = await signedIn(api, 'student', { email: 'first.person@example.com' });
    expect(await viaProvider(first.client, 'linkedin', 'shared.login@example.com', { query: '?intent=link' })).toBe(
      '/dashboard/settings?linked=linkedin',
    );
    const second = await signedIn(api, 'student', { email: 'second.person@example.com' });
    expect(await viaProvider(second.client, 'linkedin', 'shared.login@example.com', { query: '?intent=link' })).toBe(
      '/dashboard/settings?provider-error=provider-account-taken',
    );
    // Signed out, "link" leads to sign-in first.
    const out = await new ApiClient(api).get('/api/auth/providers/google/start?intent=link');
    expect(String(out.headers.location)).toBe(`${WEB}/signin?next=%2Fdashboard%2Fsettings`);
  });
});
