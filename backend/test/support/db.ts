import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../src/cli/ensure-database.js';

const BASE = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const TEMPLATE_DB = 'mashrou_test_template';

export function testDatabaseUrl(name: string) {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own for one test file, copied from the migrated template. */
export async function createTestDatabase() {
  const url = testDatabaseUrl(`mashrou_test_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(url, TEMPLATE_DB);
  return { url, drop: () => dropDatabase(url) };
}
