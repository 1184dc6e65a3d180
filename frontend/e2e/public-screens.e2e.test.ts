import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveBuild } from './support.ts';

describe('public screens in Chromium', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await serveBuild();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // Either may be missing when beforeAll failed part-way.
    await (browser as Browser | undefined)?.close();
    await (server as typeof server | undefined)?.close();
  });

  const open = async (path: string) => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await page.goto(server.url + path);
    return page;
  };

  it('the landing page tells the product message and its buttons lead to sign-up and sign-in', async () => {
    await open('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Real projects that boost your career');
    await expect(page.getByText('MENA region', { exact: false }).first().isVisible()).resolves.toBe(true);

    await page.getByRole('link', { name: 'Sign Up', exact: true }).first().click();
    await page.waitForURL(`${server.url}/signup`);
    await page.getByText('Looking for opportunities').waitFor();

    await page.goto(server.url + '/');
    await page.getByRole('link', { name: 'Sign In', exact: true }).first().click();
    await page.waitForURL(`${server.url}/signin`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.close();
  });

  it('any unknown path shows Page Not Found with a Go Home link that works', async () => {
    await open('/no/such/page');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Real projects that boost your career' }).waitFor();
    await page.close();
  });

  it('a crash shows Something went wrong with the error text and Return to Home', async () => {
    page = await browser.newPage();
    // The screen's code fails to load (a network failure, a deploy in between): the app crashes into the error screen.
    await page.route('**/assets/not-found-*.js', (route) => route.abort('failed'));
    await page.goto(server.url + '/missing-page');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    const text = await page.getByTestId('error-text').textContent();
    expect(text).toMatch(/dynamically imported module|Failed to fetch|Importing a module script failed/i);
    await page.unroute('**/assets/not-found-*.js');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { name: 'Real projects that boost your career' }).waitFor();
    await page.close();
  });

  it('the landing page renders without console errors', async () => {
    consoleErrors.length = 0;
    await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
