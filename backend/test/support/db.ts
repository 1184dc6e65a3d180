import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase } from '../../src/cli/ensure-database.js';

const BASE = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function testDatabaseUrl(name: string) {
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A database of its own for one test file: a copy of the migrated template made by jest's global
 * setup, or an empty one (`template: null`, for a stack that migrates it itself).
 */
export async function createTestDatabase({
  prefix = 'mashrou_test',
  template,
}: { prefix?: string; template?: string | null } = {}) {
  const url = testDatabaseUrl(`${prefix}_${randomBytes(4).toString('hex')}`);
  const from = template === undefined ? process.env.MASHROU_TEST_TEMPLATE : template;
  if (from === undefined) throw new Error('the jest global setup did not run');
  await ensureDatabase(url, from ?? undefined);
  return { url, drop: () => dropDatabase(url) };
}
