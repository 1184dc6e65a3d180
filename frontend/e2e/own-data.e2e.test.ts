import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSerious, hasFocus, langContext, launchBrowser, settle, shot, signInContext, tabTo } from './support.ts';
import { Stack } from './stack.ts';
import { readZip } from '../../backend/test/support/zip.ts';

/** Issue 14: Settings → Download my data (request → email → download) and Delete my account. */
describe('own data in Chromium against the real api, worker and SMTP', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  async function settingsAs(email: string): Promise<Page> {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    contexts.push(ctx);
    await signInContext(ctx, stack.url, email, 'secret-pass-1');
    const page = await ctx.newPage();
    await page.goto(`${stack.url}/dashboard/settings`);
    await page.getByRole('heading', { name: 'Download my data' }).waitFor();
    await settle(page);
    return page;
  }

  it('a student asks for their data, gets the email, and downloads the zip with the link', async () => {
    const { email } = await stack.createUser('student', 'mariam@example.com', 'Mariam Saleh');
    const page = await settingsAs(email);
    expect(await axeSerious(page)).toEqual([]);

    await page.getByRole('button', { name: 'Download my data' }).click();
    await page.getByText(/we emailed you a download link/).waitFor({ timeout: 30_000 });
    await shot(page, 'own-data-1-export-ready');
    expect(await axeSerious(page)).toEqual([]);

    const mail = await stack.waitForMail(email, /data is ready/, 30_000);
    const link = /(http\S+\/dashboard\/settings\?export=[\w%-]+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(link.startsWith(stack.url)).toBe(true);
    // The link opened in a browser that is not signed in: sign-in first, then back to the download.
    const elsewhere = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    contexts.push(elsewhere);
    const away = await elsewhere.newPage();
    await away.goto(link);
    await away.waitForURL(/\/signin\?next=/);
    await away.getByLabel('Email').fill(email);
    await away.getByLabel(/^Password/).fill('secret-pass-1');
    await away.getByRole('button', { name: 'Sign In' }).click();
    await away.waitForURL(link);
    const button = away.getByRole('link', { name: 'Download your data' });
    await button.waitFor();
    await settle(away);
    // What the person came for is in view and focused.
    expect(await away.evaluate(() => document.activeElement?.textContent)).toBe('Download your data');
    await shot(away, 'own-data-1b-download-after-sign-in');
    expect(await axeSerious(away)).toEqual([]);
    const [download] = await Promise.all([away.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^mashrou-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile(await download.path());
    const archive = await readZip(bytes);
    expect(archive.get('mashrou-data.json')?.toString('utf8')).toContain('"email": "mariam@example.com"');

    // After a reload the card still says the link is in the mail, and until when, and offers the download.
    await page.reload();
    await settle(page);
    expect(await page.getByText(/It works until/).count()).toBe(1);
    const [again] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download your data' }).click(),
    ]);
    expect(again.suggestedFilename()).toMatch(/^mashrou-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it('a student deletes their account by keyboard: a wrong password is refused, the right one ends on the goodbye page', async () => {
    const { email } = await stack.createUser('student', 'yara@example.com', 'Yara Haddad');
    const page = await settingsAs(email);

    const open = page.getByRole('button', { name: 'Delete my account' });
    await tabTo(page, open);
    expect(await hasFocus(open)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.waitFor();
    // The dialog opens on the password field.
    await page.waitForTimeout(300);
    expect(await hasFocus(dialog.getByLabel('Current password'))).toBe(true);
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Enter');
    await dialog.getByText('This password is not correct').waitFor();
    await shot(page, 'own-data-2-delete-dialog');
    expect(await axeSerious(page)).toEqual([]);
    expect(await stack.sql(`select 1 from users where email = $1`, [email])).toHaveLength(1);

    // Escape closes it; nothing happened.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await open.click();
    await dialog.getByLabel('Current password').fill('secret-pass-1');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${stack.url}/account-deleted`);
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    await settle(page);
    await shot(page, 'own-data-3-deleted');
    expect(await axeSerious(page)).toEqual([]);
    expect(await stack.sql(`select 1 from users where email = $1`, [email])).toHaveLength(0);

    // The session is over: Settings sends to sign-in (and would come back to Settings).
    await page.goto(`${stack.url}/dashboard/settings`);
    await page.waitForURL(`${stack.url}/signin?next=%2Fdashboard%2Fsettings`);
  });

  it('the Arabic settings show the new cards right to left, with no serious axe finding', async () => {
    const { email } = await stack.createUser('startup', 'samir@example.com', 'Samir Khoury');
    await stack.sql(`update users set locale = 'ar' where email = $1`, [email]);
    const ctx = await langContext(browser, 'ar', { width: 1280, height: 900 });
    contexts.push(ctx);
    await signInContext(ctx, stack.url, email, 'secret-pass-1');
    const page = await ctx.newPage();
    await page.goto(`${stack.url}/dashboard/settings`);
    await page.getByRole('heading', { name: 'تنزيل بياناتي' }).waitFor();
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByRole('heading', { name: 'حذف حسابي' }).waitFor();
    await page.getByRole('heading', { name: 'تغيير البريد الإلكتروني' }).waitFor();
    await shot(page, 'own-data-4-settings-ar');
    expect(await axeSerious(page)).toEqual([]);
  });
});
