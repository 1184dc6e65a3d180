import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import { verifyPassword } from './secrets.js';

/** The password of every account `npm run seed` makes (README): public, so never in production. */
export const DEMO_PASSWORD = 'mashrou-demo';
/** The seed's accounts live under this domain (and its `seed.` subdomain). */
export const DEMO_DOMAIN = 'mashrou.local';

/**
 * Accounts that open with the demo password: the seed's (by their domain) and every admin. The api
 * refuses to start in production while one exists. Distinct hashes only: the volume seed shares one.
 */
export async function accountsWithDemoPassword(em: EntityManager): Promise<string[]> {
  const { rows } = await sql<{ email: string; password_hash: string }>`
    select distinct on (password_hash) email, password_hash from users
     where active and (email_normalized like ${`%${DEMO_DOMAIN}`} or user_type = 'admin')
     order by password_hash, email limit 200`.execute(em.getKysely());
  const found: string[] = [];
  for (const r of rows) if (await verifyPassword(r.password_hash, DEMO_PASSWORD)) found.push(r.email);
  return found;
}
