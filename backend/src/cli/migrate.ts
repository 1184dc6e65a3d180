import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../orm.config.js';
import { ensureDatabase } from './ensure-database.js';

/** `npm run db:migrate`: creates the database if missing, then applies pending migrations. */
const config = loadConfig();
await ensureDatabase(config.DATABASE_URL);
const orm = await MikroORM.init(ormConfig(config));
try {
  const applied = await orm.migrator.up();
  console.log(applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}` : 'database is up to date');
} finally {
  await orm.close(true);
}
