/**
 * From "Accepted" to a certificate anyone can check, in Chromium, in both languages, on a desktop and
 * on a phone: the company
 * sets a milestone, the student hands it in, the company accepts it and marks the engagement
 * complete; the student opens their certificate's public page, which a visitor without an account
 * reads too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { langPage, launchBrowser, shot, textIn, VIEWPORTS } from './support.ts';
import { Stack } from './stack.ts';
import { applicationAt, openProject } from '../../backend/test/support/shared-factories.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('an engagement from acceptance to a verified certificate, in Chromium', () => {
  let stack: Stack;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    stack = await new Stack().start();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await (browser as Browser | undefined)?.close();
    await (stack as Stack | undefined)?.stop();
  });

  const runs = (['en', 'ar'] as const).flatMap((lang) => (['desktop', 'phone'] as const).map((size) => ({ lang, size })));
  for (const { lang, size } of runs) {
    it(`milestone → hand-in → accepted → complete → certificate checked (${lang}, ${size})`, { timeout: 180_000 }, async () => {
      const msg = textIn(lang);
      const admin = await stack.signedIn('admin');
      const company = await stack.signedIn('startup');
      const student = await stack.signedIn('student', { fullName: lang === 'ar' ? 'ليلى حداد' : 'Layla Haddad' });
      const projectId = await openProject(company.client, admin.client, {
        title: lang === 'ar' ? 'تحليل استبيان العملاء' : 'Customer survey analysis',
        description: 'Analyse the answers of 200 customers and write down the five changes they ask for most.',
      });
      await applicationAt('accepted', { student: student.client, company: company.client, projectId });
      const as = (who: { user: { email: string; password: string } }) =>
        langPage(browser, stack.url, contexts, lang, VIEWPORTS[size], { email: who.user.email, password: who.user.password });
      const openWorkspace = async (page: Page) => {
        await page.getByRole('button', { name: msg('market.workspace.show'), exact: true }).click();
      };

      // The company sets a milestone.
      const c = await as(company);
      await c.goto(`${stack.url}/dashboard/view-projects?project=${projectId}`);
      await openWorkspace(c);
      await c.getByRole('button', { name: msg('workspace.add') }).click();
      await c
        .getByRole('textbox', { name: msg('workspace.milestoneTitle'), exact: true })
        .fill(lang === 'ar' ? 'أسئلة الاستبيان' : 'Survey questions');
      await c.getByLabel(msg('workspace.dueOn')).fill(day(7));
      await c.getByRole('button', { name: msg('workspace.save') }).click();
      await c.getByTestId('milestone').waitFor();

      // The student hands it in.
      const s = await as(student);
      await s.goto(`${stack.url}/dashboard/my-applications`);
      await openWorkspace(s);
      await s.getByRole('button', { name: msg('workspace.handIn') }).click();
      await s.getByLabel(msg('workspace.text')).fill('Ten questions, checked with two customers.');
      await s.getByRole('button', { name: msg('workspace.send'), exact: true }).click();
      await s
        .getByTestId('milestone-status')
        .filter({ hasText: msg('workspace.status.submitted') })
        .waitFor();

      // The company accepts it, then marks the engagement complete (each confirmed first).
      await c.reload();
      await openWorkspace(c);
      await c
        .getByRole('button', { name: msg('workspace.accept') })
        .first()
        .click();
      await c
        .getByRole('dialog')
        .getByRole('button', { name: msg('workspace.accept') })
        .click();
      await c
        .getByTestId('milestone-status')
        .filter({ hasText: msg('workspace.status.accepted') })
        .waitFor();
      await c.getByRole('button', { name: msg('workspace.engagement.complete') }).click();
      await c
        .getByRole('dialog')
        .getByRole('button', { name: msg('workspace.engagement.complete') })
        .click();
      await c.getByTestId('engagement-ending').waitFor();
      await shot(c, `engagement-complete-${lang}-${size}`);

      // The student has a certificate; its public page says it is valid, for anyone.
      await s.reload();
      await openWorkspace(s);
      await s.getByTestId('certificate-part').waitFor();
      await shot(s, `engagement-certificate-${lang}-${size}`);
      await s.getByRole('link', { name: msg('workspace.certificate.publicPage') }).click();
      const card = s.getByTestId('certificate');
      await card.waitFor();
      expect(await card.innerText()).toContain(student.user.fullName);
      // (The badge is shown in capitals.)
      expect((await card.innerText()).toLowerCase()).toContain(msg('verify.valid').toLowerCase());
      const address = s.url();
      expect(address).toMatch(/\/verify\/[a-z2-7]{26}$/);

      const visitor = await langPage(browser, stack.url, contexts, lang, VIEWPORTS[size]);
      await visitor.goto(address);
      await visitor.getByTestId('certificate').waitFor();
      expect(await visitor.getByTestId('certificate').innerText()).toContain(student.user.fullName);
      await shot(visitor, `engagement-verify-${lang}-${size}`);

      // Its PDF downloads, in the page's language, as an attachment.
      const pdf = await s
        .context()
        .request.get(`${stack.url}/api/applications/${await applicationOf(student.user.email)}/certificate/pdf?lang=${lang}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
    });
  }

  async function applicationOf(email: string) {
    const [row] = await stack.sql<{ id: string }>(
      `select a.id from applications a join users u on u.id = a.student_id where u.email = $1 and a.status = 'accepted'`,
      [email],
    );
    if (!row) throw new Error(`no accepted application for ${email}`);
    return row.id;
  }
});
