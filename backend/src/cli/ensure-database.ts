import pg from 'pg';

/** Creates the database named in the URL if it does not exist (connects to `postgres` to do so). */
export async function ensureDatabase(databaseUrl: string, template?: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      try {
        await client.query(`create database "${name}"${template ? ` template "${template}"` : ''}`);
      } catch (err) {
        // Another process created it meanwhile (two migrations started at once).
        if (['42P04', '23505'].includes((err as { code?: string }).code ?? '')) return false;
        throw err;
      }
      return true;
    }
    return false;
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
