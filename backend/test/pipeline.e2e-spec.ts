import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { OutboxService } from '../src/events/outbox.service.js';
import { TestEmailRequested } from '../src/events/event-catalogue.js';
import { handlerJobId } from '../src/events/event-handler.js';
import { redisOptions } from '../src/queues/queues.js';
import { TestEnv, eventually, sleep } from './support/env.js';
import { first, only } from './support/items.js';

describe('event → outbox → queue → email', () => {
  // Batches of 7 make the 20-event test span several relay batches.
  const env = new TestEnv({ OUTBOX_BATCH_SIZE: '7' });
  let api: NestFastifyApplication;
  let orm: MikroORM;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
  });
  afterAll(() => env.close());

  const pending = async () =>
    only(await orm.em.fork().execute<{ n: string }[]>('select count(*) as n from outbox_events where dispatched_at is null')).n;

  it('a test email requested over HTTP arrives with rendered HTML and text', async () => {
    await env.worker();
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: { to: 'layla@example.com', note: 'Hello <b>there</b>' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'queued', eventId: expect.any(String) });

    const mail = first(await env.smtp.waitFor(1));
    expect(mail.subject).toBe('Mashrou test email');
    expect((mail.to as { text: string }).text).toBe('layla@example.com');
    expect(mail.html).toContain('Email delivery works');
    // Text given by a user is escaped in the HTML, never markup.
    expect(mail.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(mail.text).toContain('This test email went through Mashrou');
    expect(mail.text).toContain('You received this because a Mashrou operator sent a test email to layla@example.com');
    await eventually(async () => Number(await pending()) === 0);
  });

  it('a change whose transaction rolls back leaves no event and sends no email', async () => {
    const before = env.smtp.messages.length;
    const outbox = api.get(OutboxService);
    await expect(
      orm.em.fork().transactional(async (em) => {
        outbox.publish(em, new TestEmailRequested({ to: 'rollback@example.com' }));
        await em.flush();
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from outbox_events where payload->>'to' = 'rollback@example.com'`);
    expect(Number(only(rows).n)).toBe(0);
    await sleep(1500); // several relay polls
    expect(env.smtp.messages.length).toBe(before);
  });

  it('an event relayed twice, and by two relays at once, sends exactly one email each', async () => {
    await env.worker(); // a second worker: two relays and two processors compete
    const before = env.smtp.messages.length;
    const outbox = api.get(OutboxService);
    const recipients = Array.from({ length: 20 }, (_, i) => `student${i}@example.com`);
    await orm.em.fork().transactional((em) => {
      for (const to of recipients) outbox.publish(em, new TestEmailRequested({ to }));
    });
    await env.smtp.waitFor(before + recipients.length);

    // Replay: mark every event undispatched again and wake the relay; job ids deduplicate.
    await orm.em.fork().execute('update outbox_events set dispatched_at = null');
    await eventually(async () => Number(await pending()) === 0);
    await sleep(1500);
    const got = env.smtp.messages
      .slice(before)
      .map((m) => (m.to as { text: string }).text)
      .sort();
    expect(got).toEqual([...recipients].sort());
  });

  it('when SMTP refuses for a while, the job retries with backoff and the email arrives once', async () => {
    const before = env.smtp.messages.length;
    env.smtp.attempts = 0;
    env.smtp.options.refuseFirst = 2;
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: { to: 'retry@example.com' },
    });
    const { eventId } = res.json<{ eventId: string }>();
    await env.smtp.waitFor(before + 1);
    env.smtp.options.refuseFirst = 0;
    expect(env.smtp.attempts).toBe(3);

    const queue = new Queue('notifications', { connection: redisOptions(env.config()), prefix: env.env.QUEUE_PREFIX });
    try {
      const job = await queue.getJob(handlerJobId(eventId, 'sendTestEmail'));
      expect(job?.attemptsMade).toBeGreaterThanOrEqual(2);
      // The job completes a moment after SMTP accepted the message.
      await eventually(async () => (await job?.getState()) === 'completed');
    } finally {
      await queue.close();
    }
    await sleep(1000);
    expect(env.smtp.messages.filter((m) => (m.to as { text: string }).text === 'retry@example.com')).toHaveLength(1);
  });

  it('a job that exhausts its attempts stays visible as failed', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: { to: 'fail@example.com', simulateFailure: true },
    });
    const { eventId } = res.json<{ eventId: string }>();
    const queue = new Queue('notifications', { connection: redisOptions(env.config()), prefix: env.env.QUEUE_PREFIX });
    try {
      const id = handlerJobId(eventId, 'sendTestEmail');
      await eventually(async () => (await queue.getJobState(id)) === 'failed', 30_000);
      // Read the job once it has failed (a copy read before could predate its last attempt).
      const job = await queue.getJob(id);
      expect(job?.attemptsMade).toBe(5);
      expect(job?.failedReason).toContain('Deliberate failure');
    } finally {
      await queue.close();
    }
  });
});
