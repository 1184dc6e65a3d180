import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../orm.config.js';
import { ensureDatabase } from './ensure-database.js';

/** The advisory lock key migrations hold (any fixed number: "mash" in ASCII). */
const MIGRATION_LOCK = 0x6d617368;

/**
 * `npm run db:migrate`: creates the database if missing, then applies pending migrations. Two runs at
 * once (a Kubernetes Job retried, two deploys) take turns on a PostgreSQL advisory lock: the second
 * finds the database up to date. The lock is the session's, so a run that dies releases it.
 */
const config = loadConfig();
await ensureDatabase(config.DATABASE_URL);
const lock = new pg.Client({ connectionString: config.DATABASE_URL });
await lock.connect();
try {
  await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
  const orm = await MikroORM.init(ormConfig(config));
  try {
    const applied = await orm.migrator.up();
    console.log(applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}` : 'database is up to date');
  } finally {
    await orm.close(true);
  }
} finally {
  await lock.end();
}
