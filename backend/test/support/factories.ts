import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { insertUser, type NewUser } from '../../src/identity/insert-user.js';
import { ApiClient } from './client.js';

let n = 0;
export const PASSWORD = 'secret-pass-1';

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
