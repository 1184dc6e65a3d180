import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../src/cli/ensure-database.js';

const BASE = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function testDatabaseUrl(name: string) {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database of its own for one test file, copied from the migrated template. */
export async function createTestDatabase() {
  const url = testDatabaseUrl(`mashrou_test_${randomBytes(4).toString('hex')}`);
  const template = process.env.MASHROU_TEST_TEMPLATE;
  if (!template) throw new Error('the jest global setup did not run');
  await ensureDatabase(url, template);
  return { url, drop: () => dropDatabase(url) };
}
