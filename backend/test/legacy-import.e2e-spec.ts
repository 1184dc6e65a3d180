import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiClient } from './support/client.js';
import { BACKEND_DIR, TestEnv, eventually, sleep } from './support/env.js';
import { only } from './support/items.js';

/** The synthetic export (test/fixtures/legacy, written by its make-fixture.mjs) and its made-up hash config. */
const FIXTURE = join(BACKEND_DIR, 'test/fixtures/legacy');
const hashConfig = (
  JSON.parse(readFileSync(join(FIXTURE, 'hash-config.json'), 'utf8')) as {
    hash_config: { base64_signer_key: string; base64_salt_separator: string; rounds: number; mem_cost: number };
  }
).hash_config;
const LEGACY_HASH = {
  LEGACY_HASH_SIGNER_KEY: hashConfig.base64_signer_key,
  LEGACY_HASH_SALT_SEPARATOR: hashConfig.base64_salt_separator,
  LEGACY_HASH_ROUNDS: String(hashConfig.rounds),
  LEGACY_HASH_MEM_COST: String(hashConfig.mem_cost),
};

describe("import:legacy: the older system's accounts and documents, twice, and its passwords", () => {
  const env = new TestEnv(LEGACY_HASH);
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
    await env.worker();
  });
  afterAll(() => env.close());

  const sql = <T>(query: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(query, params);
  const userRow = async (email: string) =>
    only(
      await sql<{
        id: string;
        user_type: string;
        company_name: string | null;
        full_name: string;
        password_hash: string;
        legacy_password: string | null;
        email_verified_at: Date | null;
        email_notifications: boolean;
        onboarding_complete: boolean;
        school: string | null;
        graduation_year: number | null;
        linkedin: string | null;
        active: boolean;
      }>(`select * from users where email_normalized = ?`, [email]),
    );

  const runImport = (extra: Record<string, string> = {}) => {
    const r = spawnSync(
      process.execPath,
      ['dist/cli/import-legacy.js', '--users', join(FIXTURE, 'auth-export.json'), '--data', join(FIXTURE, 'data')],
      { cwd: BACKEND_DIR, env: { PATH: process.env.PATH ?? '', ...env.env, LOG_LEVEL: 'warn', ...extra }, encoding: 'utf8' },
    );
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  /** Every row the import could touch, ids included: a second run must leave it exactly as it is. */
  const snapshot = async () => ({
    users: await sql(
      `select id, email, user_type, password_hash, legacy_password, updated_at from users order by email_normalized`,
    ),
    projects: await sql(`select id, company_id, title, status, updated_at from projects order by title`),
    applications: await sql(`select id, project_id, student_id, project_title, status, notes from applications order by id`),
    notices: await sql(`select id, user_id, status from admin_notifications order by id`),
    legacyIds: await sql(`select collection, legacy_id, new_id from legacy_ids order by collection, legacy_id`),
    assessments: await sql(`select id from assessments`),
    outbox: await sql(`select id from outbox_events order by id`),
  });

  const SKIPS = [
    'skipped users/u-dup: duplicate email: already imported from user u-student-1',
    'skipped users/u-noemail: missing email',
    'skipped users/u-taken: duplicate email: already registered to an account that was not imported',
    'skipped projects/p-orphan: unknown company (not an imported user)',
    // A value named like an inherited member of a lookup table is no known value either.
    'skipped projects/p-odd: unknown status "constructor"',
    'skipped applications/a-3: unknown project (not an imported project)',
    'skipped applications/a-4: duplicate application (the student already applied to this project)',
    'skipped applications/a-5: unknown student (not an imported user)',
    'skipped applications/a-6: unknown status "constructor"',
    'skipped assessments/as-1: old question bank: not scorable, the student retakes the assessment',
    'skipped assessments/users/u-student-1: old question bank: not scorable, the student retakes the assessment',
    'skipped adminNotifications/n-2: unknown user (not an imported user)',
  ];

  let first: Awaited<ReturnType<typeof snapshot>>;

  it('refuses to run without the hash config when the export has password hashes, and imports nothing', async () => {
    const r = runImport({ LEGACY_HASH_SIGNER_KEY: '' });
    expect(r.status).toBe(64);
    expect(r.stderr).toContain('LEGACY_HASH_SIGNER_KEY');
    expect(await sql(`select 1 from legacy_ids`)).toHaveLength(0);
  });

  it('imports accounts, projects, applications and signup notices, and reports each skip with its reason', async () => {
    // Someone already signed up here with an address the export also has: never merged.
    const signUp = await new ApiClient(api).post('/api/auth/signup', {
      userType: 'student',
      email: 'taken@legacy.test',
      password: 'secret-new-1',
      fullName: 'Already Here',
    });
    expect(signUp.statusCode).toBe(201);
    // Its signup notice is written by the worker, from the outbox: wait for it, or it lands mid-test.
    await eventually(async () => (await sql(`select 1 from admin_notifications`)).length === 1);
    const outboxBefore = (await sql(`select id from outbox_events`)).length;

    const r = runImport();
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('users: 4 imported, 0 already imported, 3 skipped');
    expect(r.stdout).toContain('projects: 3 imported, 0 already imported, 2 skipped');
    expect(r.stdout).toContain('applications: 2 imported, 0 already imported, 4 skipped');
    expect(r.stdout).toContain('adminNotifications: 1 imported, 0 already imported, 1 skipped');
    expect(r.stdout).toContain('assessments: 0 imported, 0 already imported, 2 skipped');
    expect(r.stdout).toContain('1 imported without a password');
    expect(r.stdout).toContain('1 without a known userType imported as students');
    for (const line of SKIPS) expect(r.stdout).toContain(line);
    // Nothing secret or personal in the report.
    expect(r.stdout).not.toMatch(/@legacy\.test|firebase-scrypt|passwordHash/);
    expect(r.stdout).not.toContain(hashConfig.base64_signer_key);

    const amira = await userRow('amira@legacy.test');
    expect(amira).toMatchObject({
      user_type: 'student',
      full_name: 'Amira Saleh',
      school: 'Birzeit University',
      graduation_year: 2026,
      linkedin: 'https://www.linkedin.com/in/amira-legacy',
      email_notifications: false,
      onboarding_complete: true,
      active: true,
    });
    expect(amira.email_verified_at).not.toBeNull();
    expect(amira.legacy_password).toMatch(/^firebase-scrypt\$/);
    expect(amira.password_hash).not.toMatch(/^\$argon2/);
    const hani = await userRow('hani@legacy.test');
    expect(hani).toMatchObject({ user_type: 'startup', company_name: 'Cedar Works' });
    const nour = await userRow('nour@legacy.test');
    expect(nour).toMatchObject({ user_type: 'student', legacy_password: null, email_verified_at: null });
    const rami = await userRow('rami@legacy.test');
    expect(rami).toMatchObject({ user_type: 'student', graduation_year: 2027 });
    expect(rami.legacy_password).toMatch(/^firebase-scrypt\$/);
    // The account that was here first is untouched.
    expect((await userRow('taken@legacy.test')).full_name).toBe('Already Here');

    const projects = await sql<{ id: string; title: string; status: string; company_id: string; company_name: string }>(
      `select id, title, status, company_id, company_name from projects order by title`,
    );
    expect(projects.map((p) => [p.title, p.status, p.company_id, p.company_name])).toEqual([
      ['Menu translation', 'open', hani.id, 'Cedar Works'],
      ['Unknown Project', 'open', hani.id, 'Cedar Works'],
      // Owned by an account imported as a student: closed, as a deactivated company's would be.
      ['Zaatar tasting notes', 'closed', rami.id, 'Rami Khoury'],
    ]);
    const applications = await sql<{
      student_id: string;
      project_id: string;
      project_title: string;
      status: string;
      notes: string;
    }>(`select student_id, project_id, project_title, status, notes from applications order by project_title`);
    expect(applications).toEqual([
      { student_id: amira.id, project_id: projects[0]!.id, project_title: 'Menu translation', status: 'submitted', notes: null },
      {
        student_id: rami.id,
        project_id: projects[1]!.id,
        project_title: 'Unknown Project',
        status: 'shortlisted',
        notes: 'We liked your portfolio.',
      },
    ]);
    // (The account signed up here has its own notice, from its sign-up.)
    const taken = await userRow('taken@legacy.test');
    expect(await sql(`select user_id, status from admin_notifications where user_id <> ?`, [taken.id])).toEqual([
      { user_id: amira.id, status: 'reviewed' },
    ]);
    expect(await sql(`select 1 from assessments`)).toHaveLength(0);
    const ids = await sql<{ collection: string; legacy_id: string; new_id: string }>(
      `select collection, legacy_id, new_id from legacy_ids order by collection, legacy_id`,
    );
    expect(ids.map((i) => `${i.collection}/${i.legacy_id}`)).toEqual([
      'adminNotifications/n-1',
      'applications/a-1',
      'applications/a-2',
      'projects/p-by-student',
      'projects/p-open',
      'projects/p-untitled',
      'users/u-company-1',
      'users/u-nohash',
      'users/u-student-1',
      'users/u-student-2',
    ]);
    expect(ids.find((i) => i.legacy_id === 'u-student-1')?.new_id).toBe(amira.id);
    // No welcome mail, no signup notice, no event of any kind.
    expect((await sql(`select id from outbox_events`)).length).toBe(outboxBefore);
    first = await snapshot();
  });

  it('a second run changes nothing: same rows, same ids, no duplicate, the same skips reported', async () => {
    const r = runImport();
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('users: 0 imported, 4 already imported, 3 skipped');
    expect(r.stdout).toContain('projects: 0 imported, 3 already imported, 2 skipped');
    expect(r.stdout).toContain('applications: 0 imported, 2 already imported, 4 skipped');
    expect(r.stdout).toContain('adminNotifications: 0 imported, 1 already imported, 1 skipped');
    for (const line of SKIPS) expect(r.stdout).toContain(line);
    expect(await snapshot()).toEqual(first);
  });

  it('an imported account signs in with its old password once checked by scrypt, then by argon2id', async () => {
    const c = new ApiClient(api);
    const res = await c.post('/api/auth/signin', { email: 'amira@legacy.test', password: 'old-pass-amira' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: 'amira@legacy.test', userType: 'student' } });
    expect(JSON.stringify(res.json())).not.toMatch(/password|scrypt/i);
    expect((await c.get('/api/auth/me')).statusCode).toBe(200);
    const after = await userRow('amira@legacy.test');
    expect(after.password_hash).toMatch(/^\$argon2id\$/);
    expect(after.legacy_password).toBeNull();
    // Again, from another browser: argon2id now.
    const again = await new ApiClient(api).post('/api/auth/signin', { email: 'amira@legacy.test', password: 'old-pass-amira' });
    expect(again.statusCode).toBe(200);
    const wrong = await new ApiClient(api).post('/api/auth/signin', { email: 'amira@legacy.test', password: 'old-pass-amirA' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'wrong-password']);
    // The company signs in too (its userType `company` became startup).
    const company = await new ApiClient(api).post('/api/auth/signin', { email: 'hani@legacy.test', password: 'old-pass-hani' });
    expect([company.statusCode, company.json().user.userType]).toEqual([200, 'startup']);
  });

  it('a wrong password is refused and leaves the old hash in place', async () => {
    const before = await userRow('rami@legacy.test');
    for (const password of ['old-pass-ramy', 'old-pass-amira', '']) {
      const res = await new ApiClient(api).post('/api/auth/signin', { email: 'rami@legacy.test', password: password || 'x' });
      expect([res.statusCode, res.json().code]).toEqual([401, 'wrong-password']);
    }
    const after = await userRow('rami@legacy.test');
    expect([after.password_hash, after.legacy_password]).toEqual([before.password_hash, before.legacy_password]);
    expect(
      (await new ApiClient(api).post('/api/auth/signin', { email: 'rami@legacy.test', password: 'old-pass-rami' })).statusCode,
    ).toBe(200);
  });

  it('an account imported without a password answers like a wrong password, and sets one through the reset link', async () => {
    const anon = new ApiClient(api);
    const res = await anon.post('/api/auth/signin', { email: 'nour@legacy.test', password: 'anything-1' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'wrong-password']);
    expect((await anon.post('/api/auth/password-reset', { email: 'nour@legacy.test' })).statusCode).toBe(202);
    let link: string | undefined;
    for (let i = 0; i < 100 && !link; i++) {
      link = /(http\S+reset-password\?token=[\w-]+)/.exec(env.smtp.to('nour@legacy.test', /Reset your/)[0]?.text ?? '')?.[1];
      await sleep(100);
    }
    const token = new URL(link!).searchParams.get('token')!;
    expect((await anon.post('/api/auth/password-reset/confirm', { token, password: 'nour-new-pass-1' })).statusCode).toBe(204);
    const signedIn = await new ApiClient(api).post('/api/auth/signin', {
      email: 'nour@legacy.test',
      password: 'nour-new-pass-1',
    });
    expect(signedIn.statusCode).toBe(200);
    // The link proved the mailbox.
    expect(signedIn.json()).toMatchObject({ user: { emailVerified: true } });
    expect((await userRow('nour@legacy.test')).password_hash).toMatch(/^\$argon2id\$/);
  });

  it('a third run after those sign-ins still changes nothing (the new passwords stay)', async () => {
    const before = await snapshot();
    const r = runImport();
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('users: 0 imported, 4 already imported, 3 skipped');
    expect(await snapshot()).toEqual(before);
    expect((await userRow('amira@legacy.test')).password_hash).toMatch(/^\$argon2id\$/);
  });
});
