import 'reflect-metadata';
import { sql } from 'kysely';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../orm.config.js';
import { publishEvent } from '../events/outbox.service.js';
import { TestEmailRequested } from '../events/event-catalogue.js';
import { UserSchema } from '../identity/identity.entities.js';
import { insertUser, type NewUser } from '../identity/insert-user.js';
import { normalizeEmail } from '../identity/secrets.js';
import { parseArgs } from 'node:util';
import { seedVolume } from './seed-volume.js';
import { seedDemoMarketplace } from './seed-demo.js';
import { DEMO_PASSWORD } from '../identity/demo-accounts.js';

/**
 * `npm run seed`: demo data for a local run. Idempotent. Demo accounts (password `mashrou-demo`),
 * a small demo marketplace, a welcome test email in the local inbox, and one deliberately failing job
 * for the queue board.
 * `npm run seed -- --projects 100000 --students 20000 --applications 500000` adds volume.
 */
const { values: args } = parseArgs({
  options: { projects: { type: 'string' }, students: { type: 'string' }, applications: { type: 'string' } },
});
const count = (v: string | undefined, name: string) => {
  const n = Number(v ?? 0);
  if (!Number.isInteger(n) || n < 0 || n > 5_000_000) {
    console.error(`--${name} must be a whole number up to 5,000,000`);
    process.exit(64);
  }
  return n;
};
const config = loadConfig();
if (config.isProduction) {
  console.error('seed: refusing to run in production: it makes demo accounts with a public password (NODE_ENV=production)');
  process.exit(64);
}
const volume = {
  projects: count(args.projects, 'projects'),
  students: count(args.students, 'students'),
  applications: count(args.applications, 'applications'),
};
/** The demo accounts: each verified, onboarded and with the public demo password. */
const DEMO_USERS: NewUser[] = (
  [
    {
      email: 'admin@mashrou.local',
      fullName: 'Mashrou Admin',
      userType: 'admin',
    },
    {
      email: 'student@mashrou.local',
      fullName: 'Layla Haddad',
      userType: 'student',
      school: 'American University of Beirut',
      graduationYear: new Date().getFullYear() + 1,
    },
    {
      email: 'company@mashrou.local',
      fullName: 'Omar Khalil',
      companyName: 'Souk Labs',
      userType: 'startup',
    },
  ] as const
).map((u) => ({ ...u, password: DEMO_PASSWORD, verified: true, onboarded: true }));
const DEMO_INBOX = 'demo@mashrou.local';

const orm = await MikroORM.init(ormConfig(config));
try {
  const em = orm.em.fork();
  for (const u of DEMO_USERS) {
    if (await em.findOne(UserSchema, { emailNormalized: normalizeEmail(u.email) })) continue;
    await insertUser(em, u);
    console.log(`seed: created ${u.userType} ${u.email} (password ${DEMO_PASSWORD})`);
  }
  const seeded = await em
    .getKysely()
    .selectFrom('outbox_events')
    .select('id')
    .where(sql`payload->>'to'`, '=', DEMO_INBOX)
    .limit(1)
    .executeTakeFirst();
  if (!seeded) {
    await em.transactional((tx) => {
      publishEvent(tx, new TestEmailRequested({ to: DEMO_INBOX, note: 'Welcome to your local Mashrou.' }));
      publishEvent(tx, new TestEmailRequested({ to: DEMO_INBOX, simulateFailure: true }));
      return Promise.resolve();
    });
    console.log(`seed: queued a welcome test email to ${DEMO_INBOX} and one deliberately failing job`);
  }
  await seedDemoMarketplace(em, DEMO_PASSWORD);
  if (volume.projects || volume.students || volume.applications) await seedVolume(em, volume, DEMO_PASSWORD);
} finally {
  await orm.close(true);
}
