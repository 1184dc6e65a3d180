import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { DeliveryRecords } from '../src/mail/index.js';
import { TestEnv } from './support/env.js';

/** The worker's sent-checks and records, gathered per turn of the event loop into one statement. */
describe('delivery records (batched checks and records)', () => {
  const env = new TestEnv();
  let worker: INestApplicationContext;
  let records: DeliveryRecords;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    worker = await env.worker({ WORKER_QUEUES: 'maintenance' });
    records = worker.get(DeliveryRecords);
    orm = worker.get(MikroORM);
  });
  afterAll(() => env.close());

  const rows = async (prefix: string) =>
    (
      await orm.em
        .fork()
        .execute<{ job_key: string; template: string; message_id: string | null }[]>(
          `select job_key, template, message_id from email_deliveries where job_key like ? order by job_key`,
          [`${prefix}%`],
        )
    ).map((r) => `${r.job_key} ${r.template} ${r.message_id}`);

  it('answers each check and writes each record, whatever shares its statement', async () => {
    // alone
    expect(await records.wasSent('a.one')).toBe(false);
    await records.record('a.one', 'Welcome', '<1@x>');
    expect(await records.wasSent('a.one')).toBe(true);
    // many at once, checks and records mixed in one turn (and the same key checked twice)
    const keys = Array.from({ length: 40 }, (_, i) => `b.${String(i).padStart(2, '0')}`);
    await Promise.all(keys.slice(0, 20).map((k) => records.record(k, 'ApplicationStatus', `<${k}@x>`)));
    const [checked, again] = await Promise.all([
      Promise.all(keys.map((k) => records.wasSent(k))),
      records.wasSent('b.00'),
      ...keys.slice(20).map((k) => records.record(k, 'ApplicationStatus', `<${k}@x>`)),
    ]);
    expect(checked).toEqual(keys.map((_, i) => i < 20)); // the records of the same turn are not seen by its checks
    expect(again).toBe(true);
    expect(await Promise.all(keys.map((k) => records.wasSent(k)))).toEqual(keys.map(() => true));
    expect(await rows('b.')).toEqual(keys.map((k) => `${k} ApplicationStatus <${k}@x>`));
  });

  it('keeps the first record of a key (a replay records nothing new)', async () => {
    await records.record('c.one', 'Welcome', '<first@x>');
    await Promise.all([records.record('c.one', 'Welcome', '<second@x>'), records.record('c.one', 'Welcome', '<third@x>')]);
    expect(await rows('c.')).toEqual(['c.one Welcome <first@x>']);
  });

  it('fails every caller of a statement that fails, and the next statement works again', async () => {
    const bad = records.record('d.bad', null as unknown as string, '<x@x>'); // template is not null
    const check = records.wasSent('d.check');
    const good = records.record('d.good', 'Welcome', '<y@x>');
    await expect(bad).rejects.toThrow(/null/);
    await expect(check).rejects.toThrow(/null/);
    await expect(good).rejects.toThrow(/null/);
    expect(await rows('d.')).toEqual([]);
    await records.record('d.good', 'Welcome', '<y@x>');
    expect(await records.wasSent('d.good')).toBe(true);
  });
});
