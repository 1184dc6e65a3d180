/**
 * Sign in with Google and LinkedIn in Chromium (issue 29), against real OpenID Connect providers on
 * 127.0.0.1 standing in for them (backend/test/support/oidc-stand-in.ts): the whole redirect dance,
 * in English and Arabic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeSerious, langContext, launchBrowser, settle, shot, type Lang } from './support.ts';
import { Stack } from './stack.ts';

const codeOf = (text = '') => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('sign in with Google and LinkedIn in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await new Stack().start({ providers: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const newPage = async (lang: Lang = 'en', width = 1280) => (await langContext(browser, lang, { width, height: 900 })).newPage();

  /** No serious or critical axe finding on the screen as it is now. */
  async function expectAxeClean(page: Page) {
    await settle(page);
    expect(await axeSerious(page)).toEqual([]);
  }

  /** At the provider's own page (the stand-in's login form): sign in as `login`, and come back. */
  async function atProvider(page: Page, login: string) {
    await page.waitForURL((u) => stack.standIns.some((s) => u.toString().startsWith(s.issuer)));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.waitForURL((u) => u.toString().startsWith(stack.url));
  }

  it('a new student signs up with Google: role, name, then the student info step, without a code', async () => {
    const page = await newPage('en');
    await page.goto(`${stack.url}/signup`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await atProvider(page, 'nadia.haddad@example.com');
    await page.waitForURL(`${stack.url}/signup?provider=google`);
    await expect(page.getByTestId('provider-sign-up').textContent()).resolves.toBe(
      'You are signing up with Google as \u2068nadia.haddad@example.com\u2069. Choose how you will use Mashrou.',
    );
    await shot(page, 'provider-signup-1-role');
    await expectAxeClean(page);
    await page.getByRole('button', { name: /Student/ }).click();
    expect(await page.getByLabel('Full Name').inputValue()).toBe('Nadia Haddad');
    await page.getByText('Step 2 of 4').waitFor();
    await expect(page.getByTestId('provider-email').textContent()).resolves.toBe('nadia.haddad@example.com');
    await shot(page, 'provider-signup-2-details');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // No code step: straight on to the student info form.
    await page.getByText('Step 3 of 4').waitFor();
    await page.getByLabel(/School/).waitFor();
    await shot(page, 'provider-signup-3-student-info');
    const [row] = await stack.sql<{ verified: boolean; links: string }>(
      `select u.email_verified_at is not null as verified, (select count(*) from user_identities i where i.user_id = u.id) as links
         from users u where email = 'nadia.haddad@example.com'`,
    );
    expect(row).toEqual({ verified: true, links: '1' });
  });

  it('in Arabic, a new company signs up with LinkedIn from the sign-in page and reaches Book a Call', async () => {
    const page = await newPage('ar', 390);
    await page.goto(`${stack.url}/signin`);
    await page.getByRole('link', { name: 'المتابعة باستخدام LinkedIn' }).click();
    await atProvider(page, 'omar.khalil@example.com');
    await page.waitForURL(`${stack.url}/signup?provider=linkedin`);
    await page.getByTestId('provider-sign-up').waitFor();
    await page.getByRole('button', { name: /شركة/ }).click();
    await page.getByLabel('اسم الشركة').fill('مختبرات خليل');
    await shot(page, 'provider-signup-ar-details');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await page.getByRole('button', { name: /المتابعة إلى لوحة التحكم/ }).waitFor();
    await shot(page, 'provider-signup-ar-book-a-call');
    const [row] = await stack.sql<{ user_type: string; company_name: string; locale: string }>(
      `select user_type, company_name, locale from users where email = 'omar.khalil@example.com'`,
    );
    expect(row).toEqual({ user_type: 'startup', company_name: 'مختبرات خليل', locale: 'ar' });
  });

  it('a linked account signs straight in with either provider, in either language', async () => {
    // Nadia (Google, from the first test) in Arabic; Omar (LinkedIn, from the second) in English.
    const ar = await newPage('ar');
    await ar.goto(`${stack.url}/signin`);
    await ar.getByRole('link', { name: 'المتابعة باستخدام Google' }).click();
    await atProvider(ar, 'nadia.haddad@example.com');
    await ar.waitForURL(/\/(dashboard|signup)/);
    expect(
      await stack.sql(`select 1 from sessions s join users u on u.id = s.user_id where u.email = 'nadia.haddad@example.com'`),
    ).not.toHaveLength(0);
    const en = await newPage('en');
    await en.goto(`${stack.url}/signin`);
    await en.getByRole('link', { name: 'Continue with LinkedIn' }).click();
    await atProvider(en, 'omar.khalil@example.com');
    await en.waitForURL(/\/(dashboard|signup)/);
    const me = await en.evaluate(async () => (await fetch('/api/auth/me')).json() as Promise<{ user: { email: string } }>);
    expect(me.user.email).toBe('omar.khalil@example.com');
  });

  it('an existing account is linked only with proof: a wrong password links nothing, the mailed code does', async () => {
    const owner = await stack.createUser('student', 'rana.saleh@example.com', 'Rana Saleh');
    const page = await newPage('en');
    await page.goto(`${stack.url}/signin`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await atProvider(page, owner.email);
    await page.waitForURL(/\/signin\?link=google/);
    await page.getByText('Link Google to your account').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
    await shot(page, 'provider-link-1-proof');
    await expectAxeClean(page);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Incorrect password. Please try again.').waitFor();
    expect(await stack.sql(`select 1 from user_identities where user_id = $1`, [owner.id])).toHaveLength(0);

    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    const mail = await stack.waitForMail(owner.email, /link Google/);
    await page.getByLabel('Code from the email').fill(codeOf(mail.text));
    await shot(page, 'provider-link-2-code');
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL(`${stack.url}/dashboard`);

    // Settings lists Google as linked; with her password kept, she can unlink it.
    await page.goto(`${stack.url}/dashboard/settings`);
    const google = page.getByTestId('method-google');
    await google.getByText('rana.saleh@example.com').waitFor();
    await google.scrollIntoViewIfNeeded();
    await shot(page, 'provider-settings-linked');
    await expectAxeClean(page);
    await google.getByRole('button', { name: 'Unlink Google' }).click();
    await page.getByRole('dialog', { name: 'Unlink Google?' }).getByRole('button', { name: 'Unlink Google' }).click();
    await page.getByText('Google was unlinked.').waitFor();
    await google.getByRole('link', { name: 'Link Google' }).waitFor();
  });

  it('refuses an unverified email, a forged state and an admin, each with a message on the sign-in page', async () => {
    // Each try in a browser of its own (the provider remembers who signed in there).
    let page = await newPage('en');
    await page.goto(`${stack.url}/signin`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await atProvider(page, 'unverified.person@example.com');
    await page.waitForURL(/provider-error=provider-email-unverified/);
    await page.getByText('That account has not verified its email address.', { exact: false }).waitFor();
    // Another try is one click away.
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    await shot(page, 'provider-refused-unverified');
    await expectAxeClean(page);

    // The provider's answer with another state than this browser's sign-in: refused.
    page = await newPage('en');
    await page.goto(`${stack.url}/signin`);
    // The provider's redirect back to us, with another state, on its way to the browser (redirects
    // are not routed: the login form's answer is, and its redirects are followed here).
    const google = stack.standIns.find((x) => x.name === 'google')?.issuer ?? '';
    await page.route(
      (u) => u.toString().startsWith(`${google}/interaction/`),
      async (route) => {
        if (route.request().method() !== 'POST') {
          await route.continue();
          return;
        }
        let res = await route.fetch({ maxRedirects: 0 });
        let location = new URL(res.headers().location ?? '', google);
        while (location.toString().startsWith(google)) {
          res = await page.request.get(location.toString(), { maxRedirects: 0 });
          location = new URL(res.headers().location ?? '', google);
        }
        location.searchParams.set('state', 'forged-state');
        await route.fulfill({ status: 303, headers: { location: location.toString() } });
      },
    );
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await atProvider(page, 'layla.state@example.com');
    await page.waitForURL(/provider-error=provider-sign-in-failed/);
    await page.getByText('We could not sign you in with that account. Please try again.').waitFor();
    expect(await stack.sql(`select 1 from users where email = 'layla.state@example.com'`)).toHaveLength(0);

    const admin = await stack.createUser('admin', 'admin.person@example.com', 'Admin Person');
    page = await newPage('en');
    await page.goto(`${stack.url}/signin`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await atProvider(page, admin.email);
    await page.waitForURL(/provider-error=provider-admin-refused/);
    await page.getByText('Admin accounts sign in with their password.', { exact: false }).waitFor();
  });
});
