/**
 * Issue 14, people own their data: a copy of everything we hold about the account (a zip made by a
 * job, a link by email that only its owner can use for a day), deleting one's own account (the
 * admin delete's erasure), and changing the email with a code sent to the new address.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { RateLimitService } from '../src/rate-limit/rate-limit.service.js';
import { TestEnv, eventually } from './support/env.js';
import { ApiClient } from './support/client.js';
import { openProject, PASSWORD, signedIn, takeAssessment } from './support/factories.js';
import { PDF, upload } from './support/files.js';
import { readZip } from './support/zip.js';
import { EXPORT_JSON } from '../src/privacy/index.js';

/** The subject of the export's mail, in English or Arabic. */
const READY = /data is ready|نسخة بياناتك/;

const linkIn = (text: string | undefined) => /https?:\/\/\S+\/dashboard\/settings\?export=([\w%-]+)/.exec(text ?? '');

describe('own data', () => {
  const env = new TestEnv();
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
    await env.worker();
  });
  afterAll(() => env.close());

  const sql = <T>(q: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(q, params);

  /** Asks for an export and waits for its email; returns the link's token. */
  async function exportOf(client: ApiClient, email: string) {
    const before = env.smtp.to(email, READY).length;
    const res = await client.post('/api/me/export');
    expect(res.statusCode).toBe(202);
    expect(res.json<{ export: { status: string } }>().export.status).toBe('pending');
    const mail = await eventually(() => env.smtp.to(email, READY)[before], 30_000);
    const token = decodeURIComponent(linkIn(mail?.text)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    return token;
  }

  it('a student gets everything we hold about them (and nothing of anyone else), by a link only they can use', async () => {
    const { client: admin } = await signedIn(api, 'admin');
    const { user: company, client: companyClient } = await signedIn(api, 'startup', { companyName: 'Nour Foods' });
    const projectId = await openProject(companyClient, admin, { title: 'Stock counter' });
    const { user: student, client } = await signedIn(api, 'student', {
      email: 'Salma.Export@Example.com',
      fullName: 'Salma Exporter',
      school: 'Salma School',
    });
    const { user: other, client: otherClient } = await signedIn(api, 'student', { fullName: 'Omar Otherperson' });
    // An admin invited her to apply, and her signup left a notice for the admins.
    expect((await admin.post('/api/admin/recruitment/invitations', { projectId, studentId: student.id })).statusCode).toBe(201);
    await sql(
      `insert into admin_notifications (id, type, user_id, email, full_name, user_type, signup_time, status)
       values (gen_random_uuid(), 'signup', ?, 'Salma.Export@Example.com', 'Salma Exporter', 'student', now(), 'pending')`,
      [student.id],
    );

    // The student's data: a profile, an assessment, a CV, an application, a message each way.
    await takeAssessment(client);
    const cv = (await upload(client, 'cv/salma.pdf', 'Salma CV.pdf', PDF)).json<{ id: string }>();
    expect((await client.request('PUT', '/api/profile/student/cv', { fileId: cv.id })).statusCode).toBe(200);
    const application = (
      await client.post(`/api/marketplace/projects/${projectId}/apply`, {
        motivation: 'Salma counts stock well.',
        cvFileId: cv.id,
      })
    ).json<{ id: string }>();
    expect(
      (
        await companyClient.request('PATCH', `/api/applications/${application.id}/status`, {
          status: 'shortlisted',
          notes: 'Private company note',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await companyClient.post(`/api/applications/${application.id}/messages`, { body: 'Hello Salma, when can you start?' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await client.post(`/api/applications/${application.id}/messages`, { body: 'Next Sunday, inshallah.' })).statusCode,
    ).toBe(201);
    // Someone else's data, which must not appear.
    const otherCv = (await upload(otherClient, 'cv/omar.pdf', 'Omar CV.pdf', PDF)).json<{ id: string }>();
    await otherClient.post(`/api/marketplace/projects/${projectId}/apply`, {
      motivation: 'Omar motivation text',
      cvFileId: otherCv.id,
    });

    const token = await exportOf(client, student.email);
    const latest = (await client.get('/api/me/export')).json<{ export: { status: string; size: number; expiresAt: string } }>();
    expect(latest.export).toMatchObject({ status: 'ready' });
    expect(new Date(latest.export.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    // Only its owner, signed in, with the token.
    const url = `/api/me/export/download?token=${encodeURIComponent(token)}`;
    expect((await new ApiClient(api).get(url)).statusCode).toBe(401);
    const stranger = await otherClient.get(url);
    expect([stranger.statusCode, stranger.json<{ code: string }>().code]).toEqual([404, 'export-not-found']);
    expect((await client.get('/api/me/export/download?token=not-the-right-token-at-all')).json<{ code: string }>().code).toBe(
      'export-not-found',
    );
    // Settings' button: the latest ready export, by the session alone (only the owner's).
    expect((await client.get('/api/me/export/download')).statusCode).toBe(200);
    expect((await otherClient.get('/api/me/export/download')).json<{ code: string }>().code).toBe('export-not-found');
    const res = await client.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="mashrou-data-/);
    const archive = await readZip(res.rawPayload);
    expect(archive.size).toBe(latest.export.size > 0 ? archive.size : 0);
    const data = JSON.parse(archive.get(EXPORT_JSON)?.toString('utf8') ?? '{}') as Record<string, unknown> & {
      account: Record<string, unknown>;
      files: { id: string; inArchive?: string }[];
      applications: { id: string; motivation: string }[];
      messages: { body: string; from_me: boolean }[];
      notifications: unknown[];
      assessment: { skills: string[] } | null;
      profile: { school?: string; cv?: { id: string } | null };
      auditLog: unknown[];
      invitations: { project_id: string }[];
      signupNotices: { status: string }[];
    };
    // Every part of the account is there.
    expect(data.account).toMatchObject({
      id: student.id,
      email: 'Salma.Export@Example.com',
      fullName: 'Salma Exporter',
      school: 'Salma School',
    });
    expect(data.profile).toMatchObject({ school: 'Salma School', cv: { id: cv.id } });
    expect(data.assessment?.skills).toEqual(['SQL']);
    expect(data.applications).toEqual([expect.objectContaining({ id: application.id, motivation: 'Salma counts stock well.' })]);
    expect(data.messages.map((m) => [m.body, m.from_me])).toEqual([
      ['Hello Salma, when can you start?', false],
      ['Next Sunday, inshallah.', true],
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(Array.isArray(data.auditLog)).toBe(true);
    expect(data.invitations).toEqual([expect.objectContaining({ project_id: projectId })]);
    expect(data.signupNotices).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(data.files).toEqual([expect.objectContaining({ id: cv.id })]);
    expect(archive.get(data.files[0]?.inArchive ?? '')?.equals(PDF)).toBe(true);
    // Every table that holds the student's id has its part in the export.
    const tables = await sql<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type = 'uuid' and column_name in ('user_id', 'student_id', 'owner_id', 'sender_id', 'recipient_id', 'id')`,
    );
    const holding = new Set<string>();
    for (const t of tables) {
      const [{ n }] = (await sql<{ n: string }>(`select count(*) as n from "${t.table_name}" where "${t.column_name}" = ?`, [
        student.id,
      ])) as [{ n: string }];
      if (Number(n) > 0) holding.add(t.table_name);
    }
    const covered: Record<string, unknown> = {
      users: data.account,
      assessments: data.assessment,
      student_profiles: data.profile,
      applications: data.applications,
      messages: data.messages,
      inbox_items: data.notifications,
      invitations: data.invitations,
      admin_notifications: data.signupNotices,
      files: data.files,
      storage_usage: data.files,
      user_identities: data.linkedAccounts,
      // the export itself and the sessions are not data about the person to hand back
      data_exports: true,
      sessions: true,
    };
    for (const t of holding) expect([t, covered[t] !== undefined]).toEqual([t, true]);
    // No one else's data, and no secret.
    const text = archive.get(EXPORT_JSON)?.toString('utf8') ?? '';
    for (const absent of [
      other.id,
      other.email,
      'Omar',
      otherCv.id,
      'Private company note',
      company.email,
      'password',
      'hash',
      token,
    ])
      expect([absent, text.includes(absent)]).toEqual([absent, false]);
    expect([...archive.keys()].filter((k) => k.startsWith('files/'))).toHaveLength(1);

    // The email: in the account's language, the subject starts with our words.
    const mail = env.smtp.to(student.email, /data is ready/)[0];
    expect(mail?.subject).toBe('Your Mashrou data is ready to download');

    // A day later the link is refused (410), and the hourly purge deletes the archive.
    await sql(`update data_exports set expires_at = now() - interval '1 minute' where user_id = ?`, [student.id]);
    const late = await client.get(url);
    expect([late.statusCode, late.json<{ code: string }>().code]).toEqual([410, 'export-link-expired']);
    expect((await client.get('/api/me/export')).json<{ export: { status: string } }>().export.status).toBe('expired');
  });

  it('one export at a time (409 export-in-progress), three a day (429 too-many-exports); Arabic mail for an Arabic account', async () => {
    const { user, client } = await signedIn(api, 'startup');
    await sql(`update users set locale = 'ar' where id = ?`, [user.id]);
    const [a, b] = await Promise.all([client.post('/api/me/export'), client.post('/api/me/export')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json<{ code: string }>().code).toBe('export-in-progress');
    const mail = await eventually(() => env.smtp.to(user.email, /بياناتك/)[0], 30_000);
    expect(mail?.subject?.startsWith('نسخة بياناتك')).toBe(true);
    expect(mail?.html).toContain('dir="rtl"');
    await exportOf(client, user.email);
    await eventually(
      async () => (await client.get('/api/me/export')).json<{ export: { status: string } }>().export.status === 'ready',
    );
    await client.post('/api/me/export');
    await eventually(
      async () => (await client.get('/api/me/export')).json<{ export: { status: string } }>().export.status === 'ready',
      30_000,
    );
    // A job lost for an hour shows as failed (the button is offered again) and blocks nothing.
    await sql(`update data_exports set requested_at = requested_at - interval '2 hours' where user_id = ?`, [user.id]);
    await sql(
      `update data_exports set status = 'pending' where id = (select id from data_exports where user_id = ? order by requested_at desc limit 1)`,
      [user.id],
    );
    expect((await client.get('/api/me/export')).json<{ export: { status: string } }>().export.status).toBe('failed');
    const fourth = await client.post('/api/me/export');
    expect([fourth.statusCode, fourth.json<{ code: string }>().code]).toEqual([429, 'too-many-exports']);
  });

  it('delete my account: a wrong password changes nothing; the right one runs the erasure and ends the session', async () => {
    const { user, client } = await signedIn(api, 'student', {
      email: 'Hiba.Leaving@Example.com',
      fullName: 'Hiba Leavingperson',
    });
    const cv = (await upload(client, 'cv/hiba.pdf', 'Hiba CV.pdf', PDF)).json<{ id: string }>();
    const wrong = await client.post('/api/me/delete', { password: 'not-my-password' });
    expect([wrong.statusCode, wrong.json<{ code: string }>().code]).toEqual([401, 'wrong-password']);
    expect(await sql(`select 1 from users where id = ?`, [user.id])).toHaveLength(1);
    expect(await sql(`select 1 from files where id = ?`, [cv.id])).toHaveLength(1);
    expect((await client.post('/api/me/delete', {})).statusCode).toBe(422);

    await exportOf(client, user.email);
    const res = await client.post('/api/me/delete', { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'mashrou_session')?.value).toBe('');
    expect(res.cookies.find((c) => c.name === 'mashrou_signed_in')?.value).toBe('');
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    // The same checks as the admin delete: no table holds their id, address or name; the audit says what happened, not who.
    for (const needle of [user.id, 'hiba.leaving@example.com', 'hiba leavingperson', cv.id]) {
      const names = await sql<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of names) {
        const rows = await sql<{ r: string }>(`select lower(t::text) as r from "${table_name}" t where lower(t::text) like ?`, [
          `%${needle}%`,
        ]);
        expect([table_name, needle, rows.length]).toEqual([table_name, needle, 0]);
      }
    }
    const [entry] = await sql<{ actor_email: string; actor_id: string | null; target_label: string }>(
      `select actor_email, actor_id, target_label from audit_log where action = 'user.self_deleted' order by created_at desc limit 1`,
    );
    expect(entry).toEqual({ actor_email: 'deleted user', actor_id: null, target_label: 'Deleted user' });
    const again = await new ApiClient(api).post('/api/auth/signin', { email: user.email, password: PASSWORD });
    expect(again.json<{ code: string }>().code).toBe('user-not-found');
  });

  it('a company deleting itself closes its projects and its waiting applicants are told; the last active admin cannot delete themself (409 last-admin)', async () => {
    const { client: admin } = await signedIn(api, 'admin');
    const { client: company } = await signedIn(api, 'startup');
    const projectId = await openProject(company, admin, { title: 'Closing soon' });
    const { user: waiting, client: applicant } = await signedIn(api, 'student');
    expect(
      (await applicant.post(`/api/marketplace/projects/${projectId}/apply`, { motivation: 'I would love to help close it.' }))
        .statusCode,
    ).toBe(201);
    expect((await company.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
    // The applicant still waiting is told.
    const told = await eventually(() => env.smtp.to(waiting.email, /A project you applied to has closed/)[0]);
    expect(told?.text).toContain('Closing soon');
    // And in the app: one entry naming the project (not the company that is gone).
    const entries = (await applicant.get('/api/notifications')).json<{
      items: { kind: string; projectTitle?: string; read: boolean }[];
    }>().items;
    expect(entries.filter((i) => i.kind === 'company-left')).toEqual([
      expect.objectContaining({ kind: 'company-left', projectId, projectTitle: 'Closing soon', read: false }),
    ]);
    expect(JSON.stringify(entries.find((i) => i.kind === 'company-left'))).not.toMatch(/companyName/);
    const [project] = await sql<{ status: string; company_id: string | null }>(
      `select status, company_id from projects where id = ?`,
      [projectId],
    );
    expect(project).toEqual({ status: 'closed', company_id: null });

    // Every other admin is made inactive: this one is the last.
    const { user: last, client: lastAdmin } = await signedIn(api, 'admin');
    await sql(`update users set active = false where user_type = 'admin' and id <> ?`, [last.id]);
    const refused = await lastAdmin.post('/api/me/delete', { password: PASSWORD });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([409, 'last-admin']);
    expect(await sql(`select 1 from users where id = ?`, [last.id])).toHaveLength(1);
    await sql(`update users set active = true where user_type = 'admin'`);
    expect((await lastAdmin.post('/api/me/delete', { password: PASSWORD })).statusCode).toBe(204);
  });

  it('change email: a code to the new address switches it, the old one is told; wrong, expired and taken are refused', async () => {
    const { user, client } = await signedIn(api, 'student', { email: 'rami.old@example.com', fullName: 'Rami Mover' });
    const { user: taken } = await signedIn(api, 'student');
    const newEmail = 'Rami.New@Example.com';

    const wrongPassword = await client.post('/api/me/email', { newEmail, password: 'nope' });
    expect([wrongPassword.statusCode, wrongPassword.json<{ code: string }>().code]).toEqual([401, 'wrong-password']);
    const inUse = await client.post('/api/me/email', { newEmail: taken.email.toUpperCase(), password: PASSWORD });
    expect([inUse.statusCode, inUse.json<{ code: string }>().code]).toEqual([409, 'email-already-registered']);
    const same = await client.post('/api/me/email', { newEmail: 'RAMI.OLD@example.com', password: PASSWORD });
    expect(same.json<{ code: string }>().code).toBe('email-unchanged');
    const invalid = await client.post('/api/me/email', { newEmail: 'not-an-email', password: PASSWORD });
    expect(invalid.statusCode).toBe(422);
    const early = await client.post('/api/me/email/confirm', { code: '123456' });
    expect([early.statusCode, early.json<{ code: string }>().code]).toEqual([409, 'no-email-change']);

    await env.forgetLimits('*email-change-resend*');
    const asked = await client.post('/api/me/email', { newEmail, password: PASSWORD });
    expect([asked.statusCode, asked.json()]).toEqual([202, { sent: true, minutes: 10 }]);
    const mail = await eventually(() => env.smtp.to(newEmail, /change your Mashrou email/)[0]);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.subject?.startsWith(code)).toBe(true);
    // Nothing went to the old address yet, and the account still has it.
    expect(env.smtp.to(user.email, /was changed/)).toHaveLength(0);

    const wrong = await client.post('/api/me/email/confirm', { code: code === '000000' ? '111111' : '000000' });
    expect([wrong.statusCode, wrong.json<{ code: string; details?: { reason: string } }>()]).toMatchObject([
      400,
      { code: 'invalid-code', details: { reason: 'wrong-code' } },
    ]);
    // Expired after 10 minutes.
    await sql(
      `update verification_codes set created_at = now() - interval '11 minutes' where user_id = ? and purpose = 'change'`,
      [user.id],
    );
    const expired = await client.post('/api/me/email/confirm', { code });
    expect(expired.json<{ code: string; details?: { reason: string } }>()).toMatchObject({
      code: 'invalid-code',
      details: { reason: 'expired-or-missing' },
    });
    expect((await client.get('/api/auth/me')).json<{ user: { email: string } }>().user.email).toBe(user.email);

    // Another device signed in before the change.
    const otherDevice = new ApiClient(api);
    expect((await otherDevice.post('/api/auth/signin', { email: user.email, password: PASSWORD })).statusCode).toBe(200);
    // A fresh code works; the session sees the new address at once; the old one is told.
    await env.forgetLimits('*email-change-resend*');
    expect((await client.post('/api/me/email', { newEmail, password: PASSWORD })).statusCode).toBe(202);
    const second = await eventually(() => env.smtp.to(newEmail, /change your Mashrou email/)[1]);
    const code2 = /\b(\d{6})\b/.exec(second?.text ?? '')?.[1] ?? '';
    // Whoever changes the address may first flood the old mailbox with codes (its hourly allowance
    // of security mail spent): the notice with the way back is sent all the same.
    const limits = api.get(RateLimitService);
    for (let i = 0; i < 12; i++)
      await limits.consume({ key: `mail-security:${limits.address(user.email)}`, max: 10, windowS: 3600 });
    const done = await client.post('/api/me/email/confirm', { code: code2 });
    expect(done.statusCode).toBe(200);
    expect(done.json<{ user: { email: string } }>().user.email).toBe(newEmail);
    expect((await client.get('/api/auth/me')).json<{ user: { email: string } }>().user.email).toBe(newEmail);
    // Like a password change: every other session ended, this one stays.
    expect((await otherDevice.get('/api/auth/me')).statusCode).toBe(401);
    const told = await eventually(() => env.smtp.to(user.email, /email address was changed/)[0]);
    expect(told?.text).toContain('Ra***@Example.com');
    expect(told?.text).not.toContain(code2);
    // The code is single use.
    expect((await client.post('/api/me/email/confirm', { code: code2 })).json<{ code: string }>().code).toBe('no-email-change');

    // The new address signs in; the old one no longer exists.
    expect((await new ApiClient(api).post('/api/auth/signin', { email: newEmail, password: PASSWORD })).statusCode).toBe(200);
    expect(
      (await new ApiClient(api).post('/api/auth/signin', { email: user.email, password: PASSWORD })).json<{ code: string }>()
        .code,
    ).toBe('user-not-found');
    const [audit] = await sql<{ action: string; target_id: string }>(
      `select action, target_id from audit_log where action = 'user.email_changed' and target_id = ?`,
      [user.id],
    );
    expect(audit).toEqual({ action: 'user.email_changed', target_id: user.id });
    // The codes are stored hashed: the code itself is in no row.
    expect(await sql(`select 1 from verification_codes where code_hash = ?`, [code2])).toHaveLength(0);

    // It was not them: the notice to the old address gives the account back, even after whoever
    // took it changed the password (which ends ordinary reset links, not this one).
    const recoverUrl = /https?:\/\/\S+reset-password\?token=([\w-]+)/.exec(told?.text ?? '');
    expect(told?.text).toContain('Get my account back');
    expect(recoverUrl).not.toBeNull();
    expect((await client.post('/api/me/password', { currentPassword: PASSWORD, newPassword: 'taken-over-9' })).statusCode).toBe(
      204,
    );
    const token = decodeURIComponent(recoverUrl?.[1] ?? '');
    // Meanwhile nobody can take the old address (else the link would have nothing to give back).
    const squat = await new ApiClient(api).post('/api/auth/signup', {
      userType: 'student',
      email: user.email.toUpperCase(),
      password: 'squatter-pass-1',
      fullName: 'Squatter',
    });
    expect([squat.statusCode, squat.json<{ code: string }>().code]).toEqual([409, 'email-already-registered']);
    const { client: someoneElse } = await signedIn(api, 'student');
    const moveTo = await someoneElse.post('/api/me/email', { newEmail: user.email, password: PASSWORD });
    expect([moveTo.statusCode, moveTo.json<{ code: string }>().code]).toEqual([409, 'email-already-registered']);
    const back = await new ApiClient(api).post('/api/auth/password-reset/confirm', { token, password: 'mine-again-7' });
    expect(back.statusCode).toBe(204);
    // Everyone is signed out, the old address is the account's again, with the new password.
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const owner = new ApiClient(api);
    expect((await owner.post('/api/auth/signin', { email: user.email, password: 'mine-again-7' })).statusCode).toBe(200);
    expect((await owner.get('/api/auth/me')).json<{ user: { email: string } }>().user.email).toBe(user.email);
    expect(
      (await new ApiClient(api).post('/api/auth/password-reset/confirm', { token, password: 'again-8x' })).json(),
    ).toMatchObject({
      code: 'invalid-reset-link',
    });
    const [restored] = await sql<{ action: string }>(
      `select action from audit_log where action = 'user.email_restored' and target_id = ?`,
      [user.id],
    );
    expect(restored).toEqual({ action: 'user.email_restored' });
  });

  it('every route needs a signed-in, verified account', async () => {
    const anon = new ApiClient(api);
    for (const [method, url] of [
      ['POST', '/api/me/export'],
      ['GET', '/api/me/export'],
      ['POST', '/api/me/delete'],
      ['POST', '/api/me/email'],
      ['POST', '/api/me/email/confirm'],
    ] as const)
      expect([url, (await anon.request(method, url, method === 'POST' ? {} : undefined)).statusCode]).toEqual([url, 401]);
  });
});
