import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { BACKEND_DIR, TestEnv } from './support/env.js';

describe('seed: demo accounts, the demo marketplace and volume, idempotent', () => {
  const env = new TestEnv();
  beforeAll(() => env.start());
  afterAll(() => env.close());

  const seed = (...args: string[]) => {
    const r = spawnSync(process.execPath, ['dist/cli/seed.js', ...args], {
      cwd: BACKEND_DIR,
      env: { PATH: process.env.PATH ?? '', ...env.env, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    });
    expect([r.status, r.stderr]).toEqual([0, '']);
    return r.stdout;
  };
  const counts = async () => {
    const c = new pg.Client({ connectionString: env.env.DATABASE_URL });
    await c.connect();
    try {
      const {
        rows: [row],
      } = await c.query(`
        select (select count(*) from users)::int as users, (select count(*) from projects)::int as projects,
               (select count(*) from applications)::int as applications, (select count(*) from assessments)::int as assessments,
               (select array_agg(distinct status order by status) from projects) as statuses`);
      return row as { users: number; projects: number; applications: number; assessments: number; statuses: string[] };
    } finally {
      await c.end();
    }
  };

  it('creates the demo data once, then adds volume on request', async () => {
    expect(seed()).toContain('seed: demo marketplace (5 projects, 4 students with assessments, 7 applications)');
    const first = await counts();
    expect(first).toEqual({ users: 6, projects: 5, applications: 7, assessments: 4, statuses: ['closed', 'open', 'pending'] });
    expect(seed()).not.toContain('created');
    expect(await counts()).toEqual(first);
    seed('--projects', '50', '--students', '10', '--applications', '100');
    const more = await counts();
    expect([more.projects, more.assessments, more.applications]).toEqual([55, 14, 107]);
  });
});
