/**
 * Test data for api tests: accounts made directly in the database with a client signed in as each,
 * and the factories shared with the browser journeys (shared-factories.ts) for everything else.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { insertUser, type NewUser } from '../../src/identity/insert-user.js';
import { ApiClient } from './client.js';
import { PASSWORD, type World } from './shared-factories.js';

export * from './shared-factories.js';

let n = 0;

/** A user created directly in the database, and a client signed in as them. */
export async function signedIn(api: NestFastifyApplication, userType: NewUser['userType'], extra: Partial<NewUser> = {}) {
  n += 1;
  const email = extra.email ?? `${userType}${n}-${Date.now()}@example.com`;
  const user = await insertUser(api.get(MikroORM).em.fork(), {
    email,
    password: PASSWORD,
    fullName: `${userType} ${n}`,
    userType,
    companyName: userType === 'startup' ? `Company ${n}` : undefined,
    verified: true,
    ...extra,
  });
  const client = new ApiClient(api);
  const res = await client.post('/api/auth/signin', { email, password: PASSWORD });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { user, client };
}

/** The shared factories' world on an api in process: its accounts from `signedIn`, its SQL on the api's pool. */
export function world(api: NestFastifyApplication): World<Awaited<ReturnType<typeof signedIn>>['user'], ApiClient> {
  return {
    signedIn: (role, fields) => signedIn(api, role, fields),
    sql: <T>(text: string, params: unknown[] = []) => {
      // The ORM takes `?` placeholders, in order.
      const ordered: unknown[] = [];
      const query = text.replace(/\$(\d+)/g, (_, i: string) => {
        ordered.push(params[Number(i) - 1]);
        return '?';
      });
      return api.get(MikroORM).em.fork().execute<T[]>(query, ordered);
    },
  };
}
