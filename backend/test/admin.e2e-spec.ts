import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestEnv, eventually } from './support/env.js';
import { ApiClient } from './support/client.js';
import {
  applicationAt,
  companyWithOpenProject,
  finishAssessment,
  openProject,
  PASSWORD,
  signedIn,
  world,
} from './support/factories.js';
import { first, only } from './support/items.js';

type Signed = Awaited<ReturnType<typeof signedIn>>;

describe('admin: dashboard figures, manage users, audit log', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let admin: Signed;
  const sql = (q: string, p: unknown[] = []) => api.get(MikroORM).em.fork().execute(q, p);

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    admin = await signedIn(api, 'admin');
  });
  afterAll(() => env.close());

  it('shows users by role, signups per day for 30 days, projects and applications by status, median response and queues', async () => {
    const { company, projectId } = await companyWithOpenProject(world(api), admin.client, {
      project: {
        title: 'Landing page copy',
        description: 'Write the copy of our landing page in Arabic and English.',
        durationWeeks: 2,
        weeklyHours: 5,
      },
    });
    const student = await signedIn(api, 'student');
    const appId = await applicationAt('submitted', {
      student: student.client,
      projectId,
      motivation: 'I write copy for our student club in both languages.',
    });
    // The application was sent 5 hours ago and answered now.
    await sql(`update applications set created_at = now() - interval '5 hours' where id = ?`, [appId]);
    expect(
      (await company.client.request('PATCH', `/api/applications/${appId}/status`, { status: 'under_review' })).statusCode,
    ).toBe(200);

    const res = await admin.client.get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.users).toMatchObject({ students: 1, startups: 1, admins: 1, total: 3 });
    expect(o.signupsPerDay).toHaveLength(30);
    expect(o.signupsPerDay[29]).toEqual({ day: new Date().toISOString().slice(0, 10), count: 3 });
    expect(o.projectsByStatus).toEqual({ pending: 0, open: 1, closed: 0, rejected: 0 });
    expect(o.applicationsByStatus).toMatchObject({ submitted: 0, under_review: 1 });
    expect(o.medianResponseHours).toBeCloseTo(5, 0);
    expect(o.queues).toEqual([
      expect.objectContaining({ name: 'notifications', ok: true }),
      expect.objectContaining({ name: 'maintenance', ok: true }),
    ]);
    expect((await student.client.get('/api/admin/overview')).statusCode).toBe(403);
  });

  it('finds users by name or email with filters, paginated, and opens a user page', async () => {
    const layla = await signedIn(api, 'student', { fullName: 'Layla Haddad', email: `layla-${randomUUID()}@uni.example` });
    await signedIn(api, 'student', { fullName: 'Unverified Person', verified: false });
    const byName = (await admin.client.get('/api/admin/users?q=haddad')).json();
    expect(byName.items.map((u: { id: string }) => u.id)).toEqual([layla.user.id]);
    expect((await admin.client.get(`/api/admin/users?q=${encodeURIComponent(layla.user.email.slice(0, 12))}`)).json().total).toBe(
      1,
    );
    // Wildcards are text, not patterns.
    expect((await admin.client.get('/api/admin/users?q=%25')).json().total).toBe(0);
    const unverified = (await admin.client.get('/api/admin/users?verified=false')).json();
    expect(unverified.items.map((u: { fullName: string }) => u.fullName)).toEqual(['Unverified Person']);
    const students = (await admin.client.get('/api/admin/users?role=student&pageSize=1&page=2')).json();
    expect([students.items.length, students.total >= 3]).toEqual([1, true]);
    for (const bad of ['role=owner', 'verified=maybe', 'pageSize=1000', 'page=0', 'unknown=1', `q=${'x'.repeat(101)}`]) {
      const r = await admin.client.get(`/api/admin/users?${bad}`);
      expect([bad, r.statusCode]).toEqual([bad, 422]);
    }
    const page = (await admin.client.get(`/api/admin/users/${layla.user.id}`)).json();
    expect(page).toMatchObject({ fullName: 'Layla Haddad', userType: 'student', verified: true, active: true, applications: [] });
    expect(JSON.stringify(page)).not.toMatch(/password/i);
    expect((await admin.client.get(`/api/admin/users/${randomUUID()}`)).json().code).toBe('user-not-found');
  });

  it('deactivates (signed out everywhere, cannot sign in) and reactivates; every action is in the audit log', async () => {
    const target = await signedIn(api, 'student');
    const second = new ApiClient(api);
    expect((await second.post('/api/auth/signin', { email: target.user.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/deactivate`)).json()).toEqual({
      id: target.user.id,
      active: false,
    });
    expect((await target.client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await second.get('/api/auth/me')).statusCode).toBe(401);
    expect(
      (await new ApiClient(api).post('/api/auth/signin', { email: target.user.email, password: PASSWORD })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await admin.client.post(`/api/admin/users/${target.user.id}/reactivate`)).json()).toEqual({
      id: target.user.id,
      active: true,
    });
    expect((await new ApiClient(api).post('/api/auth/signin', { email: target.user.email, password: PASSWORD })).statusCode).toBe(
      200,
    );

    const audit = (await admin.client.get('/api/admin/audit')).json();
    expect(
      audit.items.slice(0, 2).map((a: { action: string; actor: string; target: string }) => [a.action, a.actor, a.target]),
    ).toEqual([
      ['user.reactivated', admin.user.email, target.user.email],
      ['user.deactivated', admin.user.email, target.user.email],
    ]);
    expect(audit.items.some((a: { action: string }) => a.action === 'project.approved')).toBe(true);
    expect((await target.client.get('/api/admin/audit')).statusCode).toBe(401);
  });

  it('changes roles but never demotes, deactivates or deletes oneself or the last admin', async () => {
    for (const [method, path, body] of [
      ['PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'student' }],
      ['POST', `/api/admin/users/${admin.user.id}/deactivate`, undefined],
      ['DELETE', `/api/admin/users/${admin.user.id}`, undefined],
    ] as const) {
      const r = await admin.client.request(method, path, body);
      expect([path, r.statusCode, r.json().code]).toEqual([path, 409, 'cannot-change-self']);
    }
    const s = await signedIn(api, 'student');
    expect((await admin.client.request('PATCH', `/api/admin/users/${s.user.id}/role`, { role: 'admin' })).json()).toEqual({
      id: s.user.id,
      userType: 'admin',
    });
    // Their session ended with the role change; signed in again they are an admin.
    expect((await s.client.get('/api/auth/me')).statusCode).toBe(401);
    const second = new ApiClient(api);
    await second.post('/api/auth/signin', { email: s.user.email, password: PASSWORD });
    // Two admins: the other may demote the first, but then the last one standing is protected.
    expect((await second.request('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'startup' })).statusCode).toBe(200);
    const me = new ApiClient(api);
    await me.post('/api/auth/signin', { email: admin.user.email, password: PASSWORD });
    expect((await me.get('/api/admin/users')).statusCode).toBe(403);
    const { n } = only(await sql(`select count(*)::int as n from users where user_type = 'admin' and active`));
    expect(n).toBe(1);
    // Restore the first admin for the remaining tests.
    expect((await second.request('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'admin' })).statusCode).toBe(200);
    admin = { user: admin.user, client: new ApiClient(api) };
    await admin.client.post('/api/auth/signin', { email: admin.user.email, password: PASSWORD });
    expect((await admin.client.request('PATCH', `/api/admin/users/${s.user.id}/role`, { role: 'superuser' })).statusCode).toBe(
      422,
    );
  });

  it('two admins demoting each other at the same moment leave one admin, never none', async () => {
    const { id: otherId, email: otherEmail } = only(
      await sql(`select id, email from users where user_type = 'admin' and id <> ? limit 1`, [admin.user.id]),
    );
    const other = new ApiClient(api);
    expect((await other.post('/api/auth/signin', { email: otherEmail, password: PASSWORD })).statusCode).toBe(200);
    const results = await Promise.all([
      admin.client.request('PATCH', `/api/admin/users/${otherId}/role`, { role: 'student' }),
      other.request('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'student' }),
    ]);
    // One wins; the other is refused as the last admin (or, if the winner committed before the loser's
    // request was even authenticated, finds itself signed out by the role change).
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const loser = results.find((r) => r.statusCode !== 200)!;
    if (loser.statusCode === 409)
      expect(loser.json()).toMatchObject({
        code: 'last-admin',
        message: 'This is the last active admin. Make someone else an admin first.',
      });
    else expect(loser.statusCode).toBe(401);
    const admins = await sql(`select id from users where user_type = 'admin' and active`);
    expect(admins).toHaveLength(1);
    if (admins[0]!.id !== admin.user.id) {
      // The other one won: make ours an admin again for the tests below.
      await other.request('PATCH', `/api/admin/users/${admin.user.id}/role`, { role: 'admin' });
      admin = { user: admin.user, client: new ApiClient(api) };
      await admin.client.post('/api/auth/signin', { email: admin.user.email, password: PASSWORD });
    }
  });

  it('deleting a student erases their data; their application stays with the company, attributed to a deleted user', async () => {
    const { company, projectId } = await companyWithOpenProject(world(api), admin.client, {
      project: {
        title: 'Survey analysis',
        description: 'Analyse a survey of 400 customers and present the findings.',
        durationWeeks: 3,
        weeklyHours: 6,
      },
    });
    const student = await signedIn(api, 'student', { fullName: 'Rami Erase', school: 'AUB', graduationYear: 2027 });
    // A CV sent with the application: the company can read it until the student is deleted.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(500, 65)]);
    const boundary = '----erase';
    const cv = (
      await student.client.request(
        'POST',
        '/api/files?path=cv/rami.pdf',
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rami.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
      )
    ).json<{ id: string }>();
    const applied = await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'My phone is 555-0100 and I love surveys.',
      cvFileId: cv.id,
    });
    expect(applied.statusCode).toBe(201);
    expect((await company.client.get(`/api/files/${cv.id}`)).statusCode).toBe(200);
    expect(existsSync(join(env.storageDir, student.user.id, cv.id))).toBe(true);

    expect((await admin.client.request('DELETE', `/api/admin/users/${student.user.id}`)).json()).toEqual({
      id: student.user.id,
      deleted: true,
    });
    // The file is gone: its row, its bytes, and the company's access.
    expect((await company.client.get(`/api/files/${cv.id}`)).json()).toMatchObject({ code: 'object-not-found' });
    expect(existsSync(join(env.storageDir, student.user.id, cv.id))).toBe(false);
    expect((await student.client.get('/api/auth/me')).statusCode).toBe(401);
    expect((await admin.client.get(`/api/admin/users/${student.user.id}`)).statusCode).toBe(404);
    const [row] = await sql(`select student_id, motivation, status from applications where project_id = ?`, [projectId]);
    expect(row).toEqual({ student_id: null, motivation: '', status: 'submitted' });
    const applicants = (await company.client.get(`/api/projects/${projectId}/applications`)).json<{
      items: { student?: unknown; studentName?: string }[];
    }>().items;
    expect(applicants).toHaveLength(1);
    expect(JSON.stringify(applicants)).not.toMatch(/Rami|555-0100|AUB/);
    const leftovers = await sql(
      `select (select count(*) from admin_notifications where full_name = 'Rami Erase')::int as notes,
              (select count(*) from audit_log where target_label = ?)::int as audit`,
      [student.user.email],
    );
    expect(leftovers[0]).toEqual({ notes: 0, audit: 0 });
    const audit = (await admin.client.get('/api/admin/audit?action=user.deleted')).json();
    expect(audit.items[0]).toMatchObject({ action: 'user.deleted', target: 'Deleted user', details: { role: 'student' } });
    expect((await admin.client.request('DELETE', `/api/admin/users/${student.user.id}`)).statusCode).toBe(404);
  });

  it('deleting a company keeps its projects for their applicants, closed', async () => {
    const { company, projectId } = await companyWithOpenProject(world(api), admin.client, {
      project: {
        title: 'Logo refresh',
        description: 'Refresh our logo and make a one-page brand guide for it.',
        durationWeeks: 2,
        weeklyHours: 5,
      },
    });
    const student = await signedIn(api, 'student');
    await student.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I designed the logo of my faculty club.',
    });
    expect((await admin.client.request('DELETE', `/api/admin/users/${company.user.id}`)).statusCode).toBe(200);
    const mine = (await student.client.get('/api/applications/mine')).json<
      { items?: { projectTitle: string }[] } | { projectTitle: string }[]
    >();
    const list = Array.isArray(mine) ? mine : (mine.items ?? []);
    expect(list.map((a) => a.projectTitle)).toEqual(['Logo refresh']);
    const [proj] = await sql(`select status, company_id from projects where id = ?`, [projectId]);
    expect(proj).toEqual({ status: 'closed', company_id: null });
  });
});

describe('admin: AI recruitment ranking on hand-made data', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let admin: Signed;
  let company: Signed;
  let projectId: string;
  const ids: Record<string, string> = {};
  const sql = (q: string, p: unknown[] = []) => api.get(MikroORM).em.fork().execute(q, p);
  const nextYear = new Date().getFullYear() + 1;

  async function student(
    name: string,
    skills: string[] | null,
    overall: number | null,
    graduationYear: number | null,
    school = 'AUB',
  ) {
    const s = await signedIn(api, 'student', {
      fullName: name,
      school,
      graduationYear: graduationYear ?? undefined,
      onboarded: true,
    });
    if (skills) await finishAssessment(world(api), s.user.id, { overall: overall ?? 0, skills });
    ids[name] = s.user.id;
    return s;
  }

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    await env.worker();
    admin = await signedIn(api, 'admin');
    company = await signedIn(api, 'startup');
    projectId = await openProject(company.client, admin.client, {
      title: 'Inventory dashboard',
      description: 'A dashboard of stock levels for our three shops, fed from our database.',
      skills: ['React', 'TypeScript', 'SQL'],
      durationWeeks: 6,
      weeklyHours: 10,
      paid: true,
      stipend: 400,
    });
    // Known order: skills weigh most, then assessment; graduation and availability break near-ties.
    await student('All skills', ['react', 'TypeScript', 'sql'], 70, nextYear);
    await student('Two skills', ['React', 'SQL', 'Figma'], 70, nextYear);
    await student('One skill top score', ['React'], 100, nextYear);
    await student('No skills', ['Marketing'], 50, nextYear, 'LAU');
    await student('No assessment', null, null, null, 'LAU');
    // Twins but one is already accepted elsewhere (less available), one graduates far away.
    await student('Twin free', ['React'], 60, nextYear);
    await student('Twin busy', ['React'], 60, nextYear);
    await student('Twin late grad', ['React'], 60, nextYear + 4);
    const other = await openProject(company.client, admin.client, {
      title: 'Other work',
      description: 'Something else entirely that needs doing this summer.',
      durationWeeks: 2,
      weeklyHours: 5,
    });
    await sql(
      `insert into applications (id, project_id, student_id, project_title, motivation, status) values (?, ?, ?, 'Other work', 'x', 'accepted')`,
      [randomUUID(), other, ids['Twin busy']],
    );
  });
  afterAll(() => env.close());

  const ranked = async (query = '') => {
    const r = await admin.client.get(
      `/api/admin/recruitment/projects/${projectId}/candidates?${query.includes('pageSize') ? '' : 'pageSize=50'}${query}`,
    );
    expect(r.statusCode).toBe(200);
    return r.json<{
      total: number;
      items: {
        id: string;
        fullName: string;
        score: number;
        reasons: Record<string, unknown>[];
        parts: Record<string, number>;
        applied: boolean;
        invitedAt?: string;
      }[];
    }>();
  };

  it('ranks students in the known order, with points and reasons', async () => {
    const { items } = await ranked();
    expect(items.map((c) => c.fullName)).toEqual([
      'All skills',
      'Two skills',
      'One skill top score',
      'Twin free',
      'Twin busy',
      'Twin late grad',
      'No skills',
      'No assessment',
    ]);
    const top = items[0]!;
    expect(top.parts).toMatchObject({ skills: 40, assessment: 17.5, graduation: 10, availability: 5 });
    expect(top.reasons).toEqual([
      { code: 'skills-match', matched: 3, wanted: 3, skills: 'react, sql, typescript' },
      { code: 'text', points: expect.any(Number), of: 10 },
      { code: 'assessment', score: 70 },
      { code: 'graduates', year: nextYear },
    ]);
    expect(items.find((c) => c.fullName === 'Twin busy')!.reasons).toContainEqual({ code: 'busy' });
    expect(items.find((c) => c.fullName === 'No assessment')!.reasons).toContainEqual({ code: 'no-assessment' });
    expect(items.find((c) => c.fullName === 'No skills')!.reasons[0]).toEqual({ code: 'skills-none', wanted: 3 });
    // The score is the sum of the parts it shows.
    for (const c of items) expect(Math.abs(c.score - Object.values(c.parts).reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(0.6);
    // Pages of 3 give the same order, and every minimum score gives the right total and the right rows.
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await ranked(`&pageSize=3&page=${page}`)).items.map((c) => c.fullName));
    expect(paged).toEqual(items.map((c) => c.fullName));
    for (let min = 0; min <= 100; min += 1) {
      const r = await ranked(`&minScore=${min}`);
      const want = items.filter((c) => c.score >= min);
      expect([min, r.total, r.items.map((c) => c.fullName)]).toEqual([min, want.length, want.map((c) => c.fullName)]);
    }
  });

  it('counts a motivation for this project as text relevance, and filters by school, year, minimum score, not applied', async () => {
    const twin = await student('Twin applied', ['React'], 60, nextYear);
    await twin.client.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'I built an inventory dashboard in React with TypeScript over SQL.',
    });
    const { items } = await ranked();
    const names = items.map((c) => c.fullName);
    expect(names.indexOf('Twin applied')).toBeLessThan(names.indexOf('Twin free'));
    // Text points are relative to the best text match: the motivation makes Twin applied that match.
    const text = (n: string) => items.find((c) => c.fullName === n)!.parts.text;
    expect(text('Twin applied')).toBe(10);
    expect(text('Twin free')).toBeGreaterThan(0);
    expect(text('Twin free')).toBeLessThan(5);
    expect(text('No skills')).toBe(0);
    expect(items.find((c) => c.fullName === 'Twin applied')).toMatchObject({ applied: true });

    expect((await ranked('&school=lau')).items.map((c) => c.fullName)).toEqual(['No skills', 'No assessment']);
    expect((await ranked(`&graduationYear=${nextYear + 4}`)).items.map((c) => c.fullName)).toEqual(['Twin late grad']);
    const strong = await ranked('&minScore=60');
    expect(strong.items.every((c) => c.score >= 60)).toBe(true);
    expect(strong.items.map((c) => c.fullName)).toContain('All skills');
    expect((await ranked('&notApplied=true')).items.map((c) => c.fullName)).not.toContain('Twin applied');
    for (const bad of ['&minScore=101', '&graduationYear=abc', '&notApplied=1', '&sort=x']) {
      expect((await admin.client.get(`/api/admin/recruitment/projects/${projectId}/candidates?${bad.slice(1)}`)).statusCode).toBe(
        422,
      );
    }
  });

  it('invites the top candidate once: they get an email with a link to the project', async () => {
    const top = first((await ranked()).items);
    const res = await admin.client.post('/api/admin/recruitment/invitations', { projectId, studentId: top.id });
    expect(res.statusCode).toBe(201);
    const again = await admin.client.post('/api/admin/recruitment/invitations', { projectId, studentId: top.id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already-invited']);
    const { email } = only(await sql(`select email from users where id = ?`, [top.id]));
    await eventually(() => env.smtp.to(email, /invited to apply/).length === 1);
    const mail = first(env.smtp.to(email, /invited to apply/));
    expect(mail.subject).toBe(`You're invited to apply: "Inventory dashboard"`);
    expect(mail.text).toContain(`/dashboard/browse-projects?project=${projectId}`);
    expect(mail.text).toContain('3 of 3 skills match');
    expect(first((await ranked()).items).invitedAt).toBeDefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(env.smtp.to(email, /invited to apply/)).toHaveLength(1);
    const applied = (await ranked()).items.find((c) => c.applied)!;
    expect(
      (await admin.client.post('/api/admin/recruitment/invitations', { projectId, studentId: applied.id })).json().code,
    ).toBe('already-applied');
    expect((await company.client.post('/api/admin/recruitment/invitations', { projectId, studentId: top.id })).statusCode).toBe(
      403,
    );
  });

  it('a student accepted on this very project is not "already accepted on another open project"', async () => {
    const here = await student('Accepted here', ['React'], 60, nextYear);
    await sql(
      `insert into applications (id, project_id, student_id, project_title, motivation, status) values (?, ?, ?, 'Inventory dashboard', 'x', 'accepted')`,
      [randomUUID(), projectId, here.user.id],
    );
    const { items } = await ranked();
    const them = items.find((c) => c.fullName === 'Accepted here')!;
    const twin = items.find((c) => c.fullName === 'Twin free')!;
    expect(them.parts.availability).toBe(5);
    expect(them.reasons).not.toContainEqual({ code: 'busy' });
    expect(them.score).toBe(twin.score);
    // Accepted elsewhere still counts.
    expect(items.find((c) => c.fullName === 'Twin busy')!.reasons).toContainEqual({ code: 'busy' });
  });

  it('the other way round: open projects ranked for a student', async () => {
    await openProject(company.client, admin.client, {
      title: 'Sales report',
      description: 'Monthly sales report for the owners, with a few charts.',
      skills: ['SQL', 'Excel'],
      durationWeeks: 2,
      weeklyHours: 5,
    });
    const r = await admin.client.get(`/api/admin/recruitment/students/${ids['All skills']}/projects`);
    expect(r.statusCode).toBe(200);
    const body = r.json<{ items: { id: string; title: string; reasons: Record<string, unknown>[] }[] }>();
    expect(body.items.map((p) => p.title)).toEqual(['Inventory dashboard', 'Sales report']);
    expect(body.items[0]!.reasons[0]).toEqual({ code: 'skills-match', matched: 3, wanted: 3, skills: 'react, sql, typescript' });
    expect((await admin.client.get(`/api/admin/recruitment/students/${randomUUID()}/projects`)).statusCode).toBe(404);
  });
});
