// Runs outside jest's module system, so it uses the compiled backend (the test command builds first).
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../../dist/config/config.js';
import { ormConfig } from '../../dist/orm.config.js';
import { dropDatabase, ensureDatabase } from '../../dist/cli/ensure-database.js';

import { randomBytes } from 'node:crypto';

export function templateUrl() {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${process.env.MASHROU_TEST_TEMPLATE}`;
  return url.toString();
}

/**
 * A fresh, migrated template database per run, named uniquely so that runs side by side on one
 * machine never share it; each test file copies it (isolation per file).
 */
export default async function globalSetup() {
  process.env.MASHROU_TEST_TEMPLATE = `mashrou_test_tpl_${randomBytes(4).toString('hex')}`;
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
