// Runs outside jest's module system, so it uses the compiled backend (the test command builds first).
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../dist/config/config.js';
import { ormConfig } from '../../dist/database/orm.config.js';
import { dropDatabase, ensureDatabase } from '../../dist/cli/ensure-database.js';

export const TEMPLATE_DB = 'mashrou_test_template';

export function templateUrl() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${TEMPLATE_DB}`;
  return url.toString();
}

/** A fresh, migrated template database per run; each test file copies it (isolation per file). */
export default async function globalSetup() {
  const url = templateUrl();
  await dropDatabase(url);
  await ensureDatabase(url);
  const orm = await MikroORM.init(ormConfig(loadConfig({ DATABASE_URL: url })));
  try {
    await orm.migrator.up();
  } finally {
    await orm.close(true);
  }
}
