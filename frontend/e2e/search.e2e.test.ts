/**
 * Search in Chromium (issue 30): a student types an Arabic query with another form of a word than
 * the listing's, the results follow the typing, the matched word is marked, and the listing opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeSerious, langContext, launchBrowser, live, settle, shot, signInContext, VIEWPORTS } from './support.ts';
import { Stack } from './stack.ts';
import { openProject, PASSWORD } from '../../backend/test/support/shared-factories.ts';

describe('search in Chromium', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  it('an Arabic query with another form of the word finds the listing as the student types, marked', async () => {
    const company = await stack.signedIn('startup');
    const admin = await stack.signedIn('admin');
    await openProject(company.client, admin.client, {
      title: 'تصميم هوية بصرية لمقهى',
      description: 'تصميم شعار وقائمة ولافتات لمقهى جديد في عمّان.',
      skills: ['Illustrator'],
    });
    await openProject(company.client, admin.client, {
      title: 'Sales dashboard in Power BI',
      description: 'Build dashboards that track weekly sales for the finance team.',
      skills: ['Power BI'],
    });
    const student = await stack.signedIn('student');
    // The signed-in app speaks the account's language.
    await stack.sql(`update users set locale = 'ar' where id = $1`, [student.user.id]);

    const ctx = await langContext(browser, 'ar', VIEWPORTS.desktop);
    await signInContext(ctx, stack.url, student.user.email, PASSWORD);
    const page = await ctx.newPage();
    await page.goto(`${stack.url}/dashboard/browse-projects`);
    await page.getByTestId('project-card').first().waitFor();
    expect(await page.getByTestId('project-card').count()).toBe(2);
    await live(page);

    // «للتصميم» (with the article and a preposition) for a listing that says «تصميم»: no button pressed.
    await page.getByRole('textbox', { name: 'البحث في المشاريع' }).pressSequentially('للتصميم', { delay: 40 });
    await page.waitForURL((u) => u.searchParams.get('q') === 'للتصميم');
    const card = page.getByTestId('project-card').filter({ has: page.locator('mark', { hasText: 'تصميم' }) });
    await card.first().waitFor();
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(1);
    await expect(card.locator('mark').first().textContent()).resolves.toBe('تصميم');
    await settle(page);
    await shot(page, 'search-ar-marked');
    expect(await axeSerious(page)).toEqual([]);

    // A misspelled word: the closest listing word answers instead, and the page says so.
    const box = page.getByRole('textbox', { name: 'البحث في المشاريع' });
    await box.fill('');
    await box.pressSequentially('dashbaord', { delay: 40 });
    await page.getByTestId('showing-for').waitFor();
    await expect(page.getByTestId('showing-for').textContent()).resolves.toBe('نعرض نتائج «\u2068dashboard\u2069»');
    await page.getByTestId('project-card').locator('mark', { hasText: 'dashboard' }).first().waitFor();
    await shot(page, 'search-ar-corrected');

    await box.fill('للتصميم');
    await card.first().waitFor();
    await card.getByRole('button', { name: 'عرض' }).click();
    await page.getByRole('heading', { name: 'تصميم هوية بصرية لمقهى' }).waitFor();
    await shot(page, 'search-ar-opened');
  });
});
