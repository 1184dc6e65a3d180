import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../database/orm.config.js';
import { OutboxService } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';

/**
 * `npm run seed`: demo data for a local run. Idempotent. Today: a welcome test email in the local
 * inbox, and one deliberately failing job so Bull Board shows what a failure looks like. The
 * identity and marketplace issues add demo accounts, projects and applications here.
 */
const DEMO_INBOX = 'demo@mashrou.local';
const config = loadConfig();
const orm = await MikroORM.init(ormConfig(config));
try {
  const em = orm.em.fork();
  const seeded = await em.execute(`select 1 from outbox_events where payload->>'to' = ? limit 1`, [DEMO_INBOX]);
  if (seeded.length) {
    console.log('seed: demo data already present');
  } else {
    const outbox = new OutboxService();
    await em.transactional(async (tx) => {
      outbox.publish(tx, new TestEmailRequested({ to: DEMO_INBOX, note: 'Welcome to your local Mashrou.' }));
      outbox.publish(tx, new TestEmailRequested({ to: DEMO_INBOX, simulateFailure: true }));
    });
    console.log(`seed: queued a welcome test email to ${DEMO_INBOX} and one deliberately failing job`);
  }
} finally {
  await orm.close(true);
}
