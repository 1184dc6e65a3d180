/**
 * axe-core on every screen of every role, in one language at one size (a test file per language
 * and size, so they run side by side): no serious or critical violation. In Arabic
 * each screen is also read for text left in Latin letters that is not data (untranslated.ts). The
 * demo seed gives each role something to show.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeSerious, langPage, launchBrowser, settle, shot, textIn, VIEWPORTS, type AxeFinding, type Lang } from './support.ts';
import { Stack } from './stack.ts';
import { rawKeys, untranslatedTexts } from './untranslated.ts';

/** What the test itself types (names of the accounts it signs up). */
const TYPED = ['Sami Aoun', 'Aoun Labs', 'Rana Fares'];

/**
 * Every text people put in the database (names, emails, titles, descriptions, notes, file names,
 * skills typed by hand…): data, shown as it was written in any language. Status and type columns are
 * left out, so a status shown in English is still caught; so are the skills of the vocabulary that
 * have an Arabic name, so a skill shown by its stored English value is caught too.
 */
async function dataTexts(stack: Stack): Promise<string[]> {
  const rows = await stack.sql<{ t: string | null }>(`
    select unnest(array[full_name, company_name, school, email, linkedin, whatsapp]) as t from users
    union select unnest(array[title, description, location, company_name, rejection_reason]) from projects
    union select unnest(requirements || responsibilities || qualifications) from projects
    union select unnest(array[motivation, notes, project_title]) from applications
    union select unnest(array[actor_email, target_label]) from audit_log
    union select name from files
    union select unnest(array[email, full_name]) from admin_notifications
    union select unnest(array[title, expectations]) from milestones
    union select unnest(array[body, feedback]) from deliverables
    union select unnest(array[body, report_reason]) from reviews
    union select reason from engagement_endings
    union select unnest(array[student_name, project_title, company_name, code, withdrawn_reason]) from certificates
    union select slug from portfolios`);
  const skills = await stack.sql<{ t: string }>(
    `select unnest(skills) as t from projects union select unnest(skills) from assessments`,
  );
  const translated = await translatedSkills(stack);
  return [
    ...rows.map((r) => r.t ?? '').filter((t) => t.trim()),
    ...skills.map((r) => r.t).filter((t) => !translated.has(t.toLowerCase())),
    ...TYPED,
  ];
}

/** The vocabulary's skills whose Arabic name is not their English one (lower-cased English values). */
async function translatedSkills(stack: Stack): Promise<Set<string>> {
  const vocabulary = async (lang: Lang) => {
    const res = await fetch(`${stack.url}/api/onboarding/options`, { headers: { 'accept-language': lang } });
    const body = (await res.json()) as { suggestedSkills: { value: string; label: string }[] };
    return body.suggestedSkills;
  };
  const arabic = await vocabulary('ar');
  return new Set(arabic.filter((s) => s.label !== s.value).map((s) => s.value.toLowerCase()));
}

const DEMO_PASSWORD = 'mashrou-demo';

/** The catalogue's top-level sections: a text that starts with one and a dot is a key shown as it is. */
const SECTIONS = Object.keys(
  JSON.parse(readFileSync(new URL('../src/locales/en.json', import.meta.url), 'utf8')) as Record<string, unknown>,
);

export function a11ySuite(lang: Lang, size: keyof typeof VIEWPORTS) {
  const viewport = VIEWPORTS[size];
  describe(`accessibility (axe-core) in Chromium, ${lang}, ${size}`, () => {
    let stack: Stack;
    let browser: Browser;
    const ids = {
      openProject: '',
      companyProject: '',
      workspaceProject: '',
      endedProject: '',
      certificate: '',
      student: '',
      company: '',
    };
    const contexts: BrowserContext[] = [];
    /** Serious and critical violations per screen, over every run (printed at the end). */
    const summary: string[] = [];

    beforeAll(async () => {
      stack = await new Stack().start();
      stack.cli('seed', []);
      browser = await launchBrowser();
      // A student who has not taken the assessment yet (its questions and progress bar).
      await stack.createUser('student', 'fresh@example.com', 'Rana Fares');
      const [open] = await stack.sql<{ id: string }>(`select id from projects where status = 'open' order by created_at limit 1`);
      const [mine] = await stack.sql<{ id: string }>(
        `select p.id from projects p join users u on u.id = p.company_id
        where u.email = 'company@mashrou.local' and exists (select 1 from applications a where a.project_id = p.id)
        order by p.created_at limit 1`,
      );
      // The project of the demo's accepted application: its applicant card has a workspace under way.
      const [working] = await stack.sql<{ id: string }>(
        `select a.project_id as id from applications a join users u on u.id = a.student_id
        where u.email = 'student@mashrou.local' and a.status = 'accepted'
          and not exists (select 1 from engagement_endings e where e.application_id = a.id) limit 1`,
      );
      // The project of the demo's completed engagement: its review waits for the student.
      const [ended] = await stack.sql<{ id: string }>(
        `select a.project_id as id from applications a join engagement_endings e on e.application_id = a.id
        where e.outcome = 'completed' limit 1`,
      );
      const [certificate] = await stack.sql<{ code: string }>(`select code from certificates limit 1`);
      const [student] = await stack.sql<{ id: string }>(`select id from users where email = 'student@mashrou.local'`);
      const [company] = await stack.sql<{ id: string }>(`select id from users where email = 'company@mashrou.local'`);
      if (!open || !mine || !working || !ended || !certificate || !student || !company)
        throw new Error('the demo seed did not make its marketplace');
      Object.assign(ids, {
        openProject: open.id,
        companyProject: mine.id,
        workspaceProject: working.id,
        endedProject: ended.id,
        certificate: certificate.code,
        student: student.id,
        company: company.id,
      });
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      if (summary.length) console.log(`axe serious/critical per screen:\n${summary.join('\n')}`);
      // Either may be missing when beforeAll failed part-way.
      await (browser as Browser | undefined)?.close();
      await (stack as Stack | undefined)?.stop();
    });

    const msg = textIn(lang);
    /** Scans the page as it is, under `screen`; returns the findings as readable lines. */
    const found: string[] = [];
    async function scan(page: Page, screen: string) {
      await settle(page);
      await shot(page, `${lang}-${size}-${screen.replace(/[^\w]+/g, '-')}`);
      const findings: AxeFinding[] = await axeSerious(page);
      summary.push(`${lang} ${size} ${screen}: ${findings.reduce((n, f) => n + f.nodes.length, 0)}`);
      for (const f of findings)
        for (const n of f.nodes) found.push(`${screen}: ${f.rule} (${f.impact}) ${n.target}: ${n.detail}`);
      // A text shown by its key: its part of the catalogue was not loaded with the screen, or it is not in it.
      for (const text of await rawKeys(page, SECTIONS)) found.push(`${screen}: a key instead of its text: "${text}"`);
      if (lang === 'ar') {
        // Read per screen: the sign-ups of this suite add rows of their own.
        const left = await untranslatedTexts(page, await dataTexts(stack));
        for (const text of left) found.push(`${screen}: not in Arabic: "${text}"`);
      }
    }
    const newPage = (as?: { email: string; password: string }) => langPage(browser, stack.url, contexts, lang, viewport, as);
    /** Opens a screen (its heading shown); visit() also scans it. */
    const open = async (page: Page, path: string) => {
      await page.goto(`${stack.url}${path}`);
      await page.locator('h1').first().waitFor();
    };
    const visit = async (page: Page, path: string, screen = path) => {
      await open(page, path);
      await scan(page, screen);
    };

    it('public screens and every sign-up step, for both kinds of account', { timeout: 240_000 }, async () => {
      found.length = 0;
      const page = await newPage();
      await visit(page, '/', 'landing');
      await visit(page, '/signin', 'sign-in');
      await page.getByRole('button', { name: msg('signin.submit') }).click();
      await page.getByRole('alert').waitFor();
      await scan(page, 'sign-in with an error');
      await page.getByRole('button', { name: msg('signin.forgot') }).click();
      await scan(page, 'forgot password');
      await visit(page, '/reset-password?token=not-a-real-token', 'reset password');
      await visit(page, '/no-such-page', 'not found');
      // A certificate's public page (the demo's completed engagement), and a code that names none.
      await visit(page, `/verify/${ids.certificate}`, 'certificate check');
      await page.getByTestId('certificate').waitFor();
      await scan(page, 'certificate check (loaded)');
      await visit(page, `/verify/${'a'.repeat(26)}`, 'certificate check (unknown code)');
      // The demo student's published portfolio.
      await visit(page, '/portfolio/demostudent2', 'portfolio');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await scan(page, 'portfolio (loaded)');

      for (const kind of ['student', 'company'] as const) {
        const p = await newPage();
        // The first step is the same for both kinds: scanned once.
        if (kind === 'student') await visit(p, '/signup', 'sign-up 1 account type');
        else await open(p, '/signup');
        await p.getByRole('button', { name: msg(`signup.userType.${kind}`) }).click();
        await p.getByRole('button', { name: msg('signup.basic.submit') }).click();
        await p.getByRole('alert').waitFor();
        await scan(p, `sign-up 2 details (${kind}, with an error)`);
        const email = `signup-${lang}-${size}-${kind}@example.com`;
        const res = await p.request.post(`${stack.url}/api/auth/signup`, {
          headers: { 'x-requested-with': 'mashrou' },
          data: {
            userType: kind === 'company' ? 'startup' : 'student',
            email,
            password: 'secret-pass-1',
            fullName: 'Sami Aoun',
            locale: lang,
            ...(kind === 'company' ? { companyName: 'Aoun Labs' } : {}),
          },
        });
        expect(res.status()).toBe(201);
        // The account was made outside the page: a fresh visit resumes where the account stands
        // (a reload would keep the step this page's history entry remembers).
        await p.evaluate(() => {
          history.replaceState(null, '');
        });
        await visit(p, '/signup', `sign-up 3 verification (${kind})`);
        const code = /\b(\d{6})\b/.exec(
          (await stack.waitForMail(email, lang === 'ar' ? /رمز التحقق/ : /verification code/)).text ?? '',
        )?.[1];
        const confirmed = await p.request.post(`${stack.url}/api/verify-email/confirm`, {
          headers: { 'x-requested-with': 'mashrou' },
          data: { email, code },
        });
        expect(confirmed.status()).toBe(200);
        await visit(p, '/signup', `sign-up 4 additional info (${kind})`);
        if (kind === 'company') {
          // The success step moves to /dashboard after 2 s, which a slow scan can outlast: the
          // move is answered with 204 No Content, so the browser stays on the step being scanned.
          await p.route(`${stack.url}/dashboard`, (route) => route.fulfill({ status: 204 }));
          await p.getByRole('button', { name: msg('signup.company.continue') }).click();
          // The success step, or the error the step showed instead (said, rather than a bare timeout).
          await p
            .getByText(msg('signup.success.title'))
            .or(p.getByRole('alert'))
            .first()
            .waitFor()
            .catch(async (err: unknown) => {
              // What the page showed instead, for whoever reads the failure.
              const shown = await p
                .locator('body')
                .innerText()
                .catch(() => '(unreadable)');
              throw new Error(`Continue to Dashboard led nowhere at ${p.url()}; the page said: ${shown.slice(0, 600)}`, {
                cause: err,
              });
            });
          const refused = p.getByRole('alert');
          if (await refused.count()) throw new Error(`Continue to Dashboard was refused: ${await refused.first().innerText()}`);
          await scan(p, 'sign-up 5 success');
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    });

    it('student screens', { timeout: 240_000 }, async () => {
      found.length = 0;
      const page = await newPage({ email: 'student@mashrou.local', password: DEMO_PASSWORD });
      await visit(page, '/dashboard', 'student overview');
      const myApplications = page.getByRole('navigation').getByRole('link', { name: msg('dashboard.nav.my-applications') });
      if (size === 'phone') {
        // On a phone the menu is out of sight (and out of the keyboard's reach) until its button opens it.
        const toggle = page.getByRole('button', { name: msg('dashboard.toggleMenu') });
        expect(await myApplications.isVisible()).toBe(false);
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        await toggle.click();
        await myApplications.waitFor();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        await scan(page, 'student overview: the menu opened');
        await myApplications.click();
        await page.waitForURL(/\/dashboard\/my-applications$/);
      } else {
        // Beside every screen on a wider one.
        await myApplications.waitFor();
      }
      await visit(page, '/dashboard/browse-projects', 'browse projects');
      await visit(page, '/dashboard/browse-projects?skill=SQL', 'browse projects: filtered');
      await page.getByRole('button', { name: msg('market.saved.save') }).click();
      await scan(page, 'browse projects: saving the search');
      await visit(page, `/dashboard/browse-projects?project=${ids.openProject}`, 'project page');
      await visit(page, '/dashboard/my-applications', 'my applications');
      // Every workspace open: one under way (handing in), one complete (the review to write, sent empty).
      const show = page.getByRole('button', { name: msg('market.workspace.show'), exact: true });
      while (await show.count()) await show.first().click();
      await page.getByTestId('milestone').first().waitFor();
      await page
        .getByRole('button', { name: msg('workspace.handIn') })
        .first()
        .click();
      const review = page.getByRole('form', { name: msg('workspace.engagement.writeReview') });
      await review.getByRole('button', { name: msg('workspace.engagement.sendReview') }).click();
      await review.getByRole('alert').first().waitFor();
      await scan(page, 'my applications: workspaces, handing in and reviewing');
      await visit(page, '/dashboard/assessment', 'assessment result');
      await visit(page, '/dashboard/settings', 'settings (student)');
      await visit(page, '/dashboard/notifications', 'notifications (student)');

      const fresh = await newPage({ email: 'fresh@example.com', password: 'secret-pass-1' });
      await visit(fresh, '/dashboard', 'student overview (no assessment yet)');
      await visit(fresh, '/dashboard/assessment', 'assessment questions');
      await fresh.getByRole('radio').first().check();
      await scan(fresh, 'assessment question answered');
      expect(found, found.join('\n')).toEqual([]);
    });

    it('company screens', { timeout: 240_000 }, async () => {
      found.length = 0;
      const page = await newPage({ email: 'company@mashrou.local', password: DEMO_PASSWORD });
      await visit(page, '/dashboard', 'company home');
      await visit(page, '/dashboard/create-project', 'create project');
      await page.getByRole('button', { name: msg('market.form.submit') }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await scan(page, 'create project with errors');
      await visit(page, '/dashboard/view-projects', 'view projects');
      await visit(page, `/dashboard/view-projects?project=${ids.companyProject}`, 'applicants');
      await visit(page, `/dashboard/view-projects?project=${ids.workspaceProject}`, 'applicants (one accepted)');
      await page
        .getByRole('button', { name: msg('market.workspace.show') })
        .first()
        .click();
      await page.getByRole('form', { name: msg('workspace.review') }).waitFor();
      await page.getByRole('button', { name: msg('workspace.add') }).click();
      await scan(page, 'applicants: workspace, reviewing and adding a milestone');
      await visit(page, `/dashboard/view-projects?project=${ids.endedProject}`, 'applicants (one complete)');
      await page
        .getByRole('button', { name: msg('market.workspace.show') })
        .first()
        .click();
      await page.getByTestId('engagement-ending').waitFor();
      await scan(page, 'applicants: a complete engagement, its review in');
      await visit(page, '/dashboard/settings', 'settings (company)');
      await visit(page, '/dashboard/notifications', 'notifications (company)');
      expect(found, found.join('\n')).toEqual([]);
    });

    it('admin screens', { timeout: 240_000 }, async () => {
      found.length = 0;
      const page = await newPage({ email: 'admin@mashrou.local', password: DEMO_PASSWORD });
      await visit(page, '/dashboard', 'admin dashboard');
      await page.getByTestId('signups-chart').waitFor();
      await page.getByTestId('reported-review').first().waitFor();
      await scan(page, 'admin dashboard: engagements and reported reviews');
      await visit(page, '/dashboard/manage-users', 'manage users');
      await page.getByRole('tab', { name: msg('admin.audit.tab') }).click();
      await scan(page, 'manage users: audit log');
      await visit(page, `/dashboard/manage-users?user=${ids.student}`, 'user drawer (student)');
      await visit(page, `/dashboard/manage-users?user=${ids.company}`, 'user drawer (company)');
      await page
        .getByTestId('user-panel')
        .getByRole('button', { name: msg('admin.users.deactivate') })
        .click();
      await page.getByRole('dialog', { name: msg('admin.users.confirm.deactivate.title') }).waitFor();
      await scan(page, 'confirm dialog');
      await open(page, '/dashboard/projects');
      await page.getByTestId('admin-project').first().waitFor();
      await scan(page, 'all projects (loaded)');
      await visit(page, `/dashboard/projects?status=open`, 'all projects: open');
      const card = page.getByTestId('admin-project').first();
      await card.getByRole('button', { name: msg('admin.projects.edit.action') }).click();
      await page.getByRole('dialog', { name: msg('admin.projects.edit.title') }).waitFor();
      await scan(page, 'correct a listing dialog');
      await page.keyboard.press('Escape');
      await visit(page, '/dashboard/ai-recruitment', 'AI recruitment');
      await open(page, `/dashboard/ai-recruitment?project=${ids.openProject}`);
      await page.getByTestId('candidate').first().waitFor();
      await scan(page, 'AI recruitment: students for a project');
      await visit(
        page,
        `/dashboard/ai-recruitment?tab=projects&student=${ids.student}`,
        'AI recruitment: projects for a student',
      );
      await visit(page, '/dashboard/settings', 'settings (admin)');
      await visit(page, '/dashboard/notifications', 'notifications (admin)');
      await visit(page, '/test-email', 'test email');
      await visit(page, '/test-onboarding-email', 'test onboarding email');
      expect(found, found.join('\n')).toEqual([]);
    });
  });
}
