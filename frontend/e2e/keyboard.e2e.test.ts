/**
 * The main journeys with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, typing): every
 * control reached shows its focus, a new step puts focus on its heading, a failed submit on the
 * first invalid field, and dialogs keep focus inside and give it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { chooseNativeOption, chooseOption, hasFocus, launchBrowser, shot, signInContext, tabTo } from './support.ts';
import { Stack } from './stack.ts';
import { applicationAt, openProject } from '../../backend/test/support/shared-factories.ts';

const codeOf = (text = '') => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

describe('keyboard only, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  let projectId = '';

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
    await stack.createUser('admin', 'boss@mashrou.test', 'Boss', 'admin-pass-1');
    const company = await stack.signedIn('startup', { email: 'omar@souk.io', fullName: 'Omar Khalil' });
    const karim = await stack.signedIn('student', { email: 'karim@example.com', fullName: 'Karim Nassar' });
    projectId = await openProject(company.client, await stack.signIn('boss@mashrou.test', 'admin-pass-1'), {
      title: 'Inventory dashboard',
      description: 'A dashboard of stock levels for our three shops, fed from our database.',
      skills: ['React', 'SQL'],
      durationWeeks: 6,
      weeklyHours: 10,
    });
    // An applicant for the company to move.
    await applicationAt('submitted', {
      student: karim.client,
      projectId,
      motivation: 'I built two stock dashboards for family shops in Amman.',
    });
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed part-way.
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const newPage = async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    page.on('dialog', (d) => void d.accept());
    return page;
  };
  /** A prerendered page takes keys once its form is live. */
  const ready = (page: Page) => page.waitForFunction(() => !document.querySelector('fieldset[disabled]'));
  const focused = async (target: Locator) => {
    await expect.poll(() => hasFocus(target), { timeout: 15_000 }).toBe(true);
  };
  const stepHeading = (page: Page, name: RegExp) => page.getByRole('heading', { level: 2, name });

  /** Steps 1–3 of sign-up by keyboard; leaves the page on the additional-info step. */
  async function signUpToStep4(page: Page, kind: 'Student' | 'Company', email: string, names: string[]) {
    await page.goto(`${stack.url}/signup`);
    await ready(page);
    await tabTo(page, page.getByRole('button', { name: new RegExp(`^${kind}`) }));
    await page.keyboard.press('Enter');
    await focused(stepHeading(page, /Step 2 of 5/));

    // Submitting nothing puts focus on the first field to fix.
    await tabTo(page, page.getByRole('button', { name: 'Create Account' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await focused(page.getByLabel('Email'));
    await page.keyboard.type(email);
    for (const name of names) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(name);
    }
    const password = page.getByLabel(/^Password/);
    await tabTo(page, password);
    await page.keyboard.type('secret-pass-1');
    // The show/hide button is the next stop, named, and works with Space.
    const toggle = page.getByRole('button', { name: 'Show or hide the password' }).first();
    await page.keyboard.press('Tab');
    await focused(toggle);
    await page.keyboard.press('Space');
    await expect.poll(() => password.getAttribute('type')).toBe('text');
    await page.keyboard.press('Space');
    await expect.poll(() => password.getAttribute('type')).toBe('password');
    await tabTo(page, page.getByLabel('Confirm Password'));
    await page.keyboard.type('secret-pass-1');
    await page.keyboard.press('Enter');

    await focused(stepHeading(page, /Step 3 of 5/));
    const code = codeOf((await stack.waitForMail(email, /verification code/)).text);
    await tabTo(page, page.getByLabel('Verification code'));
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await focused(stepHeading(page, /Step 4 of 5/));
  }

  it('a student signs up', async () => {
    const page = await newPage();
    await signUpToStep4(page, 'Student', 'layla@example.com', ['Layla Haddad']);
    await tabTo(page, page.getByLabel('School / University'));
    await page.keyboard.type('American University of Beirut');
    // Completing without a year puts focus on the year.
    await tabTo(page, page.getByRole('button', { name: 'Complete Profile' }));
    await page.keyboard.press('Enter');
    await focused(page.getByRole('combobox', { name: /Graduation Year/ }));
    const year = String(new Date().getFullYear() + 1);
    await chooseOption(page, year);
    await expect.poll(() => page.getByRole('combobox', { name: /Graduation Year/ }).inputValue()).toBe(year);
    await tabTo(page, page.getByRole('button', { name: 'Complete Profile' }));
    await page.keyboard.press('Enter');
    await focused(stepHeading(page, /Step 5 of 5/));
    await page.getByText('Account Created Successfully!').waitFor();
    await page.waitForURL(`${stack.url}/dashboard`, { timeout: 20_000 });
    await shot(page, 'keyboard-student-dashboard');
  });

  it('a company signs up', async () => {
    const page = await newPage();
    await signUpToStep4(page, 'Company', 'nour@startup.io', ['Nour Haddad', 'Cedar Labs']);
    await tabTo(page, page.getByRole('link', { name: 'Book a Call' }));
    await tabTo(page, page.getByRole('button', { name: 'Continue to Dashboard' }));
    await page.keyboard.press('Enter');
    await focused(stepHeading(page, /Step 5 of 5/));
    await page.waitForURL(`${stack.url}/dashboard`, { timeout: 20_000 });
  });

  it('a student signs in, finds a project and applies with a CV', async () => {
    const page = await newPage();
    await page.goto(`${stack.url}/signin`);
    await ready(page);
    // A refused sign-in puts focus on the error; the email comes next.
    await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await focused(page.getByRole('alert'));
    await page.keyboard.press('Tab');
    await focused(page.getByLabel('Email'));
    await page.keyboard.type('layla@example.com');
    await page.keyboard.press('Tab');
    await focused(page.getByLabel(/^Password/));
    await page.keyboard.type('secret-pass-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.url}/dashboard`);

    await tabTo(page, page.getByRole('link', { name: 'Browse Projects' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/browse-projects/);
    const card = page.getByTestId('project-card').filter({ hasText: 'Inventory dashboard' });
    await tabTo(page, card.getByRole('button', { name: 'View' }));
    await page.keyboard.press('Enter');
    await focused(page.getByRole('heading', { level: 1, name: 'Inventory dashboard' }));

    // Sending too short a motivation puts focus on it.
    await tabTo(page, page.getByLabel('Why are you a good fit?'));
    await page.keyboard.type('Hire me');
    await tabTo(page, page.getByRole('button', { name: 'Send application' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').waitFor();
    await focused(page.getByLabel('Why are you a good fit?'));
    await page.keyboard.type(': I built two stock dashboards for family shops.');

    // The CV: the button opens the file dialog from the keyboard (the dialog itself is the OS's).
    // Listening first: Playwright intercepts the dialog only once it is listening.
    const chooserShown = page.waitForEvent('filechooser');
    await tabTo(page, page.getByRole('button', { name: 'Attach a PDF' }));
    await page.keyboard.press('Enter');
    const chooser = await chooserShown;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20_000, 65), Buffer.from('\n%%EOF\n')]);
    await chooser.setFiles({ name: 'Layla CV.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('cv-name').filter({ hasText: 'Layla CV.pdf' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Send application' }));
    await page.keyboard.press('Enter');
    await page.getByText(/You applied on/).waitFor();
    await shot(page, 'keyboard-applied');
  });

  it('a company moves an applicant', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await signInContext(context, stack.url, 'omar@souk.io', 'secret-pass-1');
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await tabTo(page, page.getByRole('link', { name: 'View Projects' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/view-projects/);
    const project = page.getByTestId('company-project').filter({ hasText: 'Inventory dashboard' });
    await tabTo(page, project.getByRole('button', { name: 'View details' }));
    await page.keyboard.press('Enter');
    await focused(page.getByRole('heading', { level: 1, name: 'Inventory dashboard' }));

    const applicant = page.getByTestId('applicant').filter({ hasText: 'Karim Nassar' });
    await tabTo(page, applicant.getByRole('combobox', { name: 'Move to' }));
    await chooseNativeOption(applicant.getByRole('combobox', { name: 'Move to' }), 'Shortlisted');
    await page.keyboard.press('Tab');
    await focused(applicant.getByLabel('Note to the student (optional)'));
    await page.keyboard.type('We will call you on Sunday.');
    await page.keyboard.press('Tab');
    await focused(applicant.getByRole('button', { name: 'Update' }));
    await page.keyboard.press('Space');
    await expect
      .poll(
        async () =>
          (
            await stack.sql<{ status: string }>(
              `select a.status from applications a join users u on u.id = a.student_id
                where a.project_id = $1 and u.email = 'karim@example.com'`,
              [projectId],
            )
          )[0]?.status,
      )
      .toBe('shortlisted');
    // The card's status badge (the first thing in it to say so; the picker is empty again).
    await expect.poll(() => applicant.locator('.mantine-Badge-root').first().innerText()).toMatch(/shortlisted/i);
    // Focus stays in the applicant's form (the Update button is disabled again).
    await focused(applicant.getByRole('combobox', { name: 'Move to' }));
    await shot(page, 'keyboard-applicant-moved');
  });

  it('an admin opens a user: the drawer and its dialog keep focus inside and give it back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    await signInContext(context, stack.url, 'boss@mashrou.test', 'admin-pass-1');
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard/manage-users`);
    const open = page.getByTestId('user-row').filter({ hasText: 'karim@example.com' }).getByRole('button', { name: 'Open' });
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'User' });
    await drawer.getByText('Karim Nassar').first().waitFor();

    const inside = (dialog: Locator) => dialog.evaluate((d) => d.contains(document.activeElement));
    await expect.poll(() => inside(drawer)).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      expect(await inside(drawer)).toBe(true);
    }

    const deactivate = drawer.getByRole('button', { name: 'Deactivate' });
    await tabTo(page, deactivate);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Deactivate this account?' });
    await confirm.waitFor();
    await expect.poll(() => inside(confirm)).toBe(true);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await inside(confirm)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await focused(deactivate);

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await focused(open);
  });

  it("a phone's menu: opened by its button, the screen behind it out of reach, Escape closes it and gives focus back", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signInContext(context, stack.url, 'omar@souk.io', 'secret-pass-1');
    const page = await context.newPage();
    await page.goto(`${stack.url}/dashboard`);
    await ready(page);
    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const menu = page.locator('#dashboard-menu');
    const inMain = () => page.evaluate(() => document.activeElement?.closest('main') !== null);

    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await tabTo(page, menu.getByRole('link', { name: 'View Projects' }));
    // Past the menu's last control focus never lands on the covered screen.
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await inMain()).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await focused(toggle);
    expect(await menu.isVisible()).toBe(false);
    // Closed, the screen takes the keyboard again.
    await expect
      .poll(async () => {
        await page.keyboard.press('Tab');
        return inMain();
      })
      .toBe(true);

    // A screen chosen from the menu opens with the menu closed.
    await tabTo(page, toggle, { back: true });
    await page.keyboard.press('Enter');
    await tabTo(page, menu.getByRole('link', { name: 'View Projects' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/view-projects/);
    await ready(page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.isVisible()).toBe(false);
    await shot(page, 'keyboard-phone-menu-closed');
    await context.close();
  });
});
