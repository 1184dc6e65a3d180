import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from '../orm.config.js';
import { importLegacy, readLegacyExport, type ImportReport, type LegacyExport } from '../legacy/index.js';

/**
 * `npm run import:legacy -- --users <auth export.json> --data <document export folder>`: the older
 * system's accounts and documents (README, Operations). Idempotent: a re-run imports nothing twice
 * and reports the same skips. Exit 0 when it ran (even with skips), 64 on a usage error, 65 on an
 * unreadable export. Prints counts, ids and reasons, never an address, a hash or a key.
 */
const { values } = parseArgs({ options: { users: { type: 'string' }, data: { type: 'string' } } });
if (!values.users || !values.data) {
  console.error('usage: npm run import:legacy -- --users <auth export.json> --data <document export folder>');
  process.exit(64);
}
const config = loadConfig();
let data: LegacyExport;
try {
  data = await readLegacyExport(values.users, values.data);
} catch (err) {
  console.error(`import:legacy: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(65);
}
if (!config.LEGACY_HASH_SIGNER_KEY && data.accounts.some((a) => a.passwordHash)) {
  console.error(
    'import:legacy: the export has password hashes: set LEGACY_HASH_SIGNER_KEY, LEGACY_HASH_SALT_SEPARATOR, ' +
      "LEGACY_HASH_ROUNDS and LEGACY_HASH_MEM_COST (the old project's hash config; the api needs the same) and run again",
  );
  process.exit(64);
}

const orm = await MikroORM.init(ormConfig(config));
let report: ImportReport;
try {
  report = await importLegacy(orm.em.fork(), data);
} finally {
  await orm.close(true);
}
const sections = Object.entries(report);
for (const [name, r] of sections) {
  console.log(
    `import:legacy: ${name}: ${r.imported} imported, ${r.alreadyImported} already imported, ${r.skipped.length} skipped`,
  );
}
console.log(
  `import:legacy: users: ${report.users.withoutPassword} imported without a password (they use "Forgot your password?"), ` +
    `${report.users.fellBackToStudent} without a known userType imported as students`,
);
for (const [name, r] of sections) {
  for (const s of r.skipped) console.log(`import:legacy: skipped ${name}/${s.id}: ${s.reason}`);
}
