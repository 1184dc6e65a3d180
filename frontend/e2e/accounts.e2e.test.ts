import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type Server } from 'node:http';
import { launchBrowser, live, shot, signInContext } from './support.ts';
import { Stack } from './stack.ts';
import { companyWithOpenProject } from '../../backend/test/support/shared-factories.ts';

const codeOf = (text = '') => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('accounts in Chromium against the real api, worker and SMTP', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed part-way.
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const newPage = async (width = 1280) => {
    const ctx = await browser.newContext({ viewport: { width, height: 860 } });
    contexts.push(ctx);
    return ctx.newPage();
  };

  async function signInAs(page: Page, email: string, password: string) {
    await page.goto(`${stack.url}/signin`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${stack.url}/dashboard`);
  }

  /** Steps 1–2 of sign-up: account type and details. */
  async function startSignUp(
    page: Page,
    kind: 'Student' | 'Company',
    v: { email: string; name: string; company?: string; password?: string },
  ) {
    await page.goto(`${stack.url}/signup`);
    await page.getByRole('button', { name: new RegExp(kind) }).click();
    await page.getByLabel('Email').fill(v.email);
    await page.getByLabel(kind === 'Company' ? 'Representative Name' : 'Full Name').fill(v.name);
    if (v.company) await page.getByLabel('Company Name').fill(v.company);
    await page.getByLabel(/^Password/).fill(v.password ?? 'secret1');
    await page.getByLabel('Confirm Password').fill(v.password ?? 'secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
  }

  async function enterCode(page: Page, email: string) {
    const mail = await stack.waitForMail(email, /verification code/);
    const code = codeOf(mail.text);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }

  it('a student signs up through every step to the dashboard', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/signup`);
    await page.getByText('Looking for opportunities').waitFor();
    await shot(page, 'signup-1-type');
    await page.getByRole('button', { name: /Student/ }).click();

    await page.getByLabel('Email').fill('layla@example.com');
    await page.getByLabel('Full Name').fill('Layla Haddad');
    await page.getByLabel(/^Password/).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel(/^Password/).fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel(/^Password/).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret1');
    await shot(page, 'signup-2-basic');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('We sent a 6-digit code to layla@example.com').waitFor();
    await shot(page, 'signup-3-verify');
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const wrongOrRight = await Promise.race([
      page
        .getByText('Invalid verification code. Please try again.')
        .waitFor()
        .then(() => 'wrong'),
      page
        .getByLabel('School / University')
        .waitFor()
        .then(() => 'lucky'),
    ]);
    if (wrongOrRight === 'wrong') {
      await enterCode(page, 'layla@example.com');
    }

    await page.getByLabel('School / University').fill('American University of Beirut');
    await page.getByRole('combobox', { name: /Graduation Year/ }).click();
    const years = await page.getByRole('option').allTextContents();
    const now = new Date().getFullYear();
    expect(years).toEqual(Array.from({ length: 10 }, (_, i) => String(now + i)));
    await page.getByRole('option', { name: String(now + 2) }).click();
    await page.getByLabel('LinkedIn Profile URL (optional)').fill('not a url');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await page.getByText('Enter your LinkedIn profile URL').waitFor();
    await page.getByLabel('LinkedIn Profile URL (optional)').fill('https://www.linkedin.com/in/layla');
    await shot(page, 'signup-4-student');
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await page.getByText('Account Created Successfully!').waitFor();
    await shot(page, 'signup-5-success');
    await page.waitForURL(`${stack.url}/dashboard`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Welcome, Layla Haddad' }).waitFor();
    for (const item of ['Overview', 'Browse Projects', 'My Applications']) {
      await page.getByRole('link', { name: item, exact: true }).waitFor();
    }
    await shot(page, 'dashboard-student');
    await stack.waitForMail('layla@example.com', /profile is complete/);
  });

  it('a company signs up with Book a Call and Continue to Dashboard', async () => {
    const page = await newPage();
    await startSignUp(page, 'Company', { email: 'omar@startup.io', name: 'Omar Khalil', company: 'Souk Labs' });
    await page.getByText('We sent a 6-digit code').waitFor();
    await enterCode(page, 'omar@startup.io');
    const book = page.getByRole('link', { name: 'Book a Call' });
    await book.waitFor();
    expect(await book.getAttribute('target')).toBe('_blank');
    expect(await book.getAttribute('href')).toMatch(/^https:\/\//);
    await shot(page, 'signup-4-company');
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.getByText('Account Created Successfully!').waitFor();
    await page.waitForURL(`${stack.url}/dashboard`, { timeout: 20_000 });
    for (const item of ['Dashboard', 'Create Project', 'View Projects'])
      await page.getByRole('link', { name: item, exact: true }).waitFor();
    await shot(page, 'dashboard-startup');

    // A startup-only route is refused to a student: lands on /dashboard.
    const student = await newPage();
    await signInAs(student, 'layla@example.com', 'secret1');
    await student.goto(`${stack.url}/dashboard/create-project`);
    await student.waitForURL(`${stack.url}/dashboard`);
    await student.goto(`${stack.url}/dashboard/no-such-screen`);
    await student.waitForURL(`${stack.url}/dashboard`);
  });

  it('an email that is already registered offers Sign In Instead, prefilled', async () => {
    const page = await newPage();
    await startSignUp(page, 'Student', { email: 'layla@example.com', name: 'Someone Else' });
    await page
      .getByText('This email is already registered. Please sign in with your existing account or use a different email.')
      .waitFor();
    await page.getByRole('link', { name: 'Sign In Instead' }).click();
    await page.waitForURL(/\/signin\?email=layla%40example\.com/);
    expect(await page.getByLabel('Email').inputValue()).toBe('layla@example.com');
  });

  it('every sign-in error of the catalogue that can happen is shown', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/signin`);
    const attempt = async (email: string, password: string, message: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel(/^Password/).fill(password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByTestId('auth-error').filter({ hasText: message }).waitFor();
    };
    await attempt('nobody@example.com', 'whatever', 'No account found with this email. Please check your email or sign up.');
    await attempt('layla@example.com', 'wrong-one', 'Incorrect password. Please try again.');
    await attempt('not-an-email', 'x', 'Invalid email format. Please enter a valid email.');
    await shot(page, 'signin-error');
    await page.route('**/api/auth/signin', (r) => r.abort('internetdisconnected'));
    await attempt('layla@example.com', 'secret1', 'Network error. Please check your internet connection and try again.');
    await page.unroute('**/api/auth/signin');
    for (let i = 0; i < 10; i++) {
      await page.getByLabel('Email').fill('omar@startup.io');
      await page.getByLabel(/^Password/).fill(`bad-${i}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: 'Sign In' }).waitFor();
    }
    await attempt(
      'omar@startup.io',
      'bad-again',
      'Too many failed login attempts. Please try again later or reset your password.',
    );
  });

  it('forgot password: the emailed link sets a new password and ends the old session', async () => {
    const old = await newPage();
    await signInAs(old, 'layla@example.com', 'secret1');

    const page = await newPage();
    await page.goto(`${stack.url}/signin`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Please enter your email address').waitFor();
    await page.getByLabel('Email').fill('layla@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Password reset email sent. Please check your inbox.').waitFor();
    await shot(page, 'signin-reset');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();

    const mail = await stack.waitForMail('layla@example.com', /Reset your/);
    const link = /(http\S+reset-password\?token=[\w-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeTruthy();
    await page.goto(link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    await old.reload();
    await old.waitForURL(`${stack.url}/signin`);
    await signInAs(page, 'layla@example.com', 'new-secret-1');
  });

  it('logout goes to /signin; /login and /student-dashboard redirect; signed-out dashboard goes to /signin', async () => {
    const page = await newPage(390);
    await signInAs(page, 'layla@example.com', 'new-secret-1');
    await page.goto(`${stack.url}/student-dashboard/anything`);
    await page.waitForURL(`${stack.url}/dashboard`);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await shot(page, 'dashboard-mobile');
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${stack.url}/signin`);
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/signin`);
    await page.goto(`${stack.url}/login`);
    await page.waitForURL(`${stack.url}/signin`);
  });

  it('signed out, the public pages ask the api nothing and load its schemas only once a form is used; /signin ends a session', async () => {
    const page = await newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const schemas = () => asked.filter((r) => /\/assets\/(zod|contracts-)/.test(r));
    for (const path of ['/', '/signup', '/signin']) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    // Hydrated (the form is live) with nothing asked of the api but which sign-in providers it offers
    // (sign-in and sign-up, a plain cacheable GET), and no zod or contract code loaded.
    const apiAsked = () => asked.filter((r) => r.includes(' /api/') && r !== 'GET /api/auth/providers');
    await page.waitForFunction(() => !document.querySelector('fieldset[disabled]'));
    expect(apiAsked()).toEqual([]);
    expect(asked.filter((r) => r === 'GET /api/auth/providers').length).toBeLessThanOrEqual(2);
    expect(schemas()).toEqual([]);
    // The visitor starts filling the form: its rules load meanwhile, and still check it on the way out
    // (an address longer than the api takes is refused here, as the api would).
    await page.getByLabel('Email').fill(`${'a'.repeat(250)}@example.com`);
    await expect.poll(() => schemas().length).toBeGreaterThan(0);
    await page.getByLabel(/^Password/).fill('x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByTestId('auth-error').filter({ hasText: 'Invalid email format. Please enter a valid email.' }).waitFor();
    expect(apiAsked()).toEqual([]);

    // Signed in, a prerendered page asks who it is once hydrated (a finished account's /signup leads to the
    // dashboard); opening /signin ends the session.
    await signInAs(page, 'layla@example.com', 'new-secret-1');
    await page.goto(`${stack.url}/signup`);
    await page.waitForURL(`${stack.url}/dashboard`);
    const signOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/signout') && r.status() === 204);
    await page.goto(`${stack.url}/signin`);
    await signOut;
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/signin`);
  });

  it('a student takes the assessment and changes settings', async () => {
    const page = await newPage();
    await signInAs(page, 'layla@example.com', 'new-secret-1');
    await page.getByRole('link', { name: 'Take the assessment' }).click();
    await page.waitForURL(`${stack.url}/dashboard/assessment`);
    await page.getByText('Question 1 of').waitFor();
    await shot(page, 'assessment-question');
    for (let i = 0; i < 50; i++) {
      if (await page.getByText('Which skills do you offer?').isVisible()) break;
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.getByPlaceholder('Pick from the list or type your own (up to 15).').click();
    await page.getByRole('option', { name: 'SQL', exact: true }).click();
    await page.keyboard.type('Arabic calligraphy');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Submit assessment' }).click();
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    await page.getByText('Problem solving').waitFor();
    await page.getByText('Arabic calligraphy').waitFor();
    await shot(page, 'assessment-result');
    expect(
      (
        await stack.sql<{ assessment_complete: boolean }>(
          `select assessment_complete from users where email = 'layla@example.com'`,
        )
      )[0]?.assessment_complete,
    ).toBe(true);

    await page.goto(`${stack.url}/dashboard/settings`);
    // The switch is clicked by force (Mantine hides its input): once the page's code runs.
    await live(page);
    const account = page.getByRole('form', { name: 'Profile', exact: true });
    await account.getByRole('switch', { name: 'Email notifications' }).click({ force: true });
    await account.getByRole('button', { name: 'Save' }).click();
    await account.getByText('Your changes are saved.').waitFor();
    await shot(page, 'settings');
    expect(
      (
        await stack.sql<{ email_notifications: boolean }>(
          `select email_notifications from users where email = 'layla@example.com'`,
        )
      )[0]?.email_notifications,
    ).toBe(false);
  });

  it('a page on another site cannot sign the visitor in, up or out, ask for a reset, or write as them', async () => {
    const victim = await stack.createUser('student', 'victim@example.com', 'Victim Student');
    const attacker = await stack.createUser('student', 'attacker@example.com', 'Attacker Student');
    const { projectId: project } = await companyWithOpenProject(stack, (await stack.signedIn('admin')).client, {
      company: { email: 'csrf-co@example.com', fullName: 'Csrf Company', companyName: 'Csrf Co' },
      project: {
        title: 'Forged applications',
        description: 'A project nobody applied to from another site.',
        skills: ['React'],
        durationWeeks: 4,
        weeklyHours: 10,
      },
    });
    const ctx = await browser.newContext();
    contexts.push(ctx);
    await signInContext(ctx, stack.url, victim.email, victim.password);
    const me = async () => (await (await ctx.request.get(`${stack.url}/api/auth/me`)).json()) as { user?: { email: string } };
    expect((await me()).user?.email).toBe(victim.email);
    const counts = () =>
      stack.sql<{ users: string; sessions: string; resets: string; applications: string }>(
        `select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
                (select count(*) from password_reset_tokens) as resets, (select count(*) from applications) as applications`,
      );
    const before = await counts();

    // Another site: `localhost` is not the same site as `127.0.0.1`, so the browser treats it as an
    // attacker's domain (Lax cookies stay home; a top-level form post may still set one).
    const api = `${stack.url}/api`;
    const creds = JSON.stringify({ email: attacker.email, password: attacker.password });
    const forms: [string, string, Record<string, string>][] = [
      [`${api}/auth/signin`, 'application/x-www-form-urlencoded', { email: attacker.email, password: attacker.password }],
      // A text/plain form whose body reads as JSON: {"email":…,"password":…,"x":"="}
      [`${api}/auth/signin`, 'text/plain', { [`${creds.slice(0, -1)},"x":"`]: '"}' }],
      [`${api}/auth/signin`, 'multipart/form-data', { email: attacker.email, password: attacker.password }],
      [
        `${api}/auth/signup`,
        'application/x-www-form-urlencoded',
        { userType: 'student', email: 'forged@example.com', password: 'secret1', fullName: 'Forged' },
      ],
      [`${api}/auth/password-reset`, 'application/x-www-form-urlencoded', { email: victim.email }],
      [`${api}/marketplace/projects/${project}/apply`, 'application/x-www-form-urlencoded', { motivation: 'From another site' }],
      [`${api}/auth/signout`, 'application/x-www-form-urlencoded', {}],
    ];
    const calls = [
      ['/auth/signin', 'no-cors', 'text/plain', creds],
      ['/auth/signin', 'cors', 'application/json', creds],
      ['/auth/password-reset', 'no-cors', 'text/plain', JSON.stringify({ email: victim.email })],
      [`/marketplace/projects/${project}/apply`, 'no-cors', 'text/plain', JSON.stringify({ motivation: 'fetch' })],
      ['/auth/signout', 'no-cors', 'text/plain', '{}'],
    ];
    // Step n submits form n as a top-level navigation; the last step makes the fetch calls.
    const pageFor = (step: number) => `<!doctype html><html><body><script>
      const forms = ${JSON.stringify(forms)};
      const calls = ${JSON.stringify(calls)};
      const step = ${step};
      if (step < forms.length) {
        const [action, enctype, fields] = forms[step];
        const form = document.createElement('form');
        Object.assign(form, { method: 'POST', action, enctype });
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          Object.assign(input, { type: 'hidden', name, value });
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      } else {
        Promise.all(calls.map(([path, mode, type, body]) =>
          fetch(${JSON.stringify(api)} + path, { method: 'POST', mode, credentials: 'include', headers: { 'content-type': type }, body })
            .catch(() => null),
        )).then(() => { document.title = 'done'; });
      }
    </script></body></html>`;
    const foreign: Server = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(pageFor(Number(new URL(req.url ?? '/', 'http://x').searchParams.get('step'))));
    });
    await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
    const site = `http://localhost:${(foreign.address() as { port: number }).port}`;
    try {
      for (let step = 0; step < forms.length; step++) {
        const tab = await ctx.newPage();
        const landed = tab.waitForResponse((r) => r.url().startsWith(api) && r.request().method() === 'POST');
        // The page leaves at once for the form's target: that interrupts goto, as it should.
        await tab.goto(`${site}/?step=${step}`, { waitUntil: 'commit' }).catch(() => undefined);
        await landed;
        await tab.close();
      }
      const page = await ctx.newPage();
      await page.goto(`${site}/?step=${forms.length}`);
      await page.waitForFunction(() => document.title === 'done', undefined, { timeout: 20_000 });
    } finally {
      foreign.close();
    }
    // The visitor is still themselves, and nothing changed in the database.
    expect((await me()).user?.email).toBe(victim.email);
    expect(await counts()).toEqual(before);
  });

  it('an unverified user is sent to verification from the dashboard', async () => {
    const page = await newPage();
    await startSignUp(page, 'Student', { email: 'late@example.com', name: 'Late Verifier' });
    await page.getByText('We sent a 6-digit code').waitFor();
    await page.goto(`${stack.url}/dashboard`);
    await page.waitForURL(`${stack.url}/signup`);
    await page.getByLabel('Verification code').waitFor();
  });

  it('an admin created with the CLI sees the signups and can open the queue board', async () => {
    stack.cli('admin-create', ['--email', 'boss@mashrou.test', '--name', 'Boss Admin'], {
      MASHROU_ADMIN_PASSWORD: 'admin-pass-1',
    });
    const page = await newPage();
    await signInAs(page, 'boss@mashrou.test', 'admin-pass-1');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    for (const item of ['Dashboard', 'Manage Users', 'AI Recruitment'])
      await page.getByRole('link', { name: item, exact: true }).waitFor();
    await page.getByTestId('signup-notification').filter({ hasText: 'layla@example.com' }).waitFor();
    await shot(page, 'dashboard-admin');
    await page.goto(`${stack.url}/admin/queues`);
    await page.getByText('notifications').first().waitFor();
  });
});
