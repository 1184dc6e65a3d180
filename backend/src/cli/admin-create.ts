import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../orm.config.js';
import { UserSchema } from '../identity/identity.entities.js';
import { normalizeEmail } from '../identity/secrets.js';
import { insertUser } from '../identity/insert-user.js';
import { MIN_PASSWORD } from '@mashrou/contracts';

/**
 * `npm run admin:create -- --email a@b.c --name "Full Name"`: creates a verified admin account.
 * The password comes from MASHROU_ADMIN_PASSWORD or is asked for (not echoed).
 */
const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !values.name) {
  console.error('usage: npm run admin:create -- --email admin@example.com --name "Full Name"');
  process.exit(64);
}

async function askPassword(): Promise<string> {
  if (process.env.MASHROU_ADMIN_PASSWORD) return process.env.MASHROU_ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    console.error('Set MASHROU_ADMIN_PASSWORD or run in a terminal to type the password.');
    process.exit(64);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const out = rl as unknown as { _writeToOutput: (s: string) => void; output: NodeJS.WriteStream };
  const answer = await new Promise<string>((resolve) => {
    rl.question('Password: ', resolve);
    out._writeToOutput = (s: string) => out.output.write(s.startsWith('Password: ') ? s : '');
  });
  rl.close();
  process.stdout.write('\n');
  return answer;
}

const email = values.email.trim();
if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('That email address is not valid.');
  process.exit(65);
}
const password = await askPassword();
if (password.length < MIN_PASSWORD) {
  console.error(`The password must be at least ${MIN_PASSWORD} characters.`);
  process.exit(65);
}
const orm = await MikroORM.init(ormConfig(loadConfig()));
try {
  const em = orm.em.fork();
  if (await em.findOne(UserSchema, { emailNormalized: normalizeEmail(email) })) {
    console.error(`An account with ${email} already exists.`);
    process.exitCode = 1;
  } else {
    await insertUser(em, { email, password, fullName: values.name.trim(), userType: 'admin', verified: true, onboarded: true });
    console.log(`Admin ${email} created.`);
  }
} finally {
  await orm.close(true);
}
