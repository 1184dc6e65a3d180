import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import pg from 'pg';
import { PREPARED } from '../src/common/sql.js';
import { loadConfig } from '../src/config/config.js';
import { preparePooledStatements } from '../src/database/prepared.js';
import { projectForStudent } from '../src/marketplace/browse.queries.js';
import { ormConfig } from '../src/orm.config.js';
import { createTestDatabase } from './support/db.js';

/**
 * Statements marked PREPARED (the project page's, applying's) are planned once per connection; a
 * migration that changes a table under them while the api runs must not break them.
 */
describe('prepared statements on pooled connections', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;
  let client: pg.PoolClient;

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 1 });
    // pool.end() resolves once its client is on the way out, not gone: dropping the database (with
    // force) can still end that connection, whose 57P01 would otherwise be an unhandled pool error.
    pool.on('error', () => undefined);
    preparePooledStatements(pool);
    // As Kysely uses it: a pooled client, statements awaited one by one.
    client = await pool.connect();
    await client.query('create table probe (a int not null)');
    await client.query('insert into probe values (1)');
  });
  afterAll(async () => {
    client.release();
    await pool.end();
    await db.drop();
  });

  const preparedTexts = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);
  /** The names this connection prepared `text` under (a new one each time it went stale). */
  const namesOf = async (text: string) =>
    (
      await client.query<{ name: string }>('select name from pg_prepared_statements where statement = $1 order by name', [text])
    ).rows.map((r) => r.name);

  it('a marked statement is prepared once and then executed with new values; an unmarked one is not prepared', async () => {
    const text = `${PREPARED} select $1::int + 1 as n`;
    expect((await client.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
    await client.query('select $1::int as plain', [1]);
    const texts = await preparedTexts();
    expect(texts.filter((t) => t === text)).toHaveLength(1);
    expect(texts.some((t) => t.includes('plain'))).toBe(false);
  });

  it('after a migration adds a column, the statement answers with it instead of failing', async () => {
    const text = `${PREPARED} select * from probe`;
    expect((await client.query(text)).rows).toEqual([{ a: 1 }]);
    await client.query('alter table probe add column b int not null default 7');
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: 7 }]);
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: 7 }]);
    await client.query('alter table probe alter column b type text');
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: '7' }]);
    // Prepared again, under a new name each time (not simply sent unnamed).
    const [first = '', ...others] = await namesOf(text);
    expect(others).toEqual([`${first}_1`, `${first}_2`]);
  });

  it("after a migration changes a parameter's column type, the statement is prepared again too", async () => {
    await client.query('create table probe_typed (k int not null)');
    await client.query('insert into probe_typed values (5)');
    const text = `${PREPARED} select count(*)::int as n from probe_typed where k = $1`;
    expect((await client.query(text, [5])).rows).toEqual([{ n: 1 }]);
    await client.query('alter table probe_typed alter column k type text');
    expect((await client.query(text, ['5'])).rows).toEqual([{ n: 1 }]);
  });

  it('a marked insert that went stale is written once, not twice', async () => {
    await client.query('create table probe_writes (id int primary key, note text)');
    const text = `${PREPARED} insert into probe_writes (id, note) values ($1, 'x') returning *`;
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1, note: 'x' }]);
    await client.query('alter table probe_writes add column at int');
    expect((await client.query(text, [2])).rows).toEqual([{ id: 2, note: 'x', at: null }]);
    const rows = await client.query<{ id: number }>('select id from probe_writes order by id');
    expect(rows.rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('inside a transaction a marked statement is not prepared, so a changed table cannot end the transaction', async () => {
    const text = `${PREPARED} select a, b from probe order by a`;
    const inside = `${PREPARED} select count(*)::int as n from probe`;
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: '7' }]);
    await client.query('alter table probe alter column b type int using b::int');
    await client.query('begin');
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: 7 }]);
    expect((await client.query(inside)).rows).toEqual([{ n: 1 }]);
    await client.query('commit');
    expect(await preparedTexts()).not.toContain(inside);
    expect((await client.query(text)).rows).toEqual([{ a: 1, b: 7 }]);
  });

  it('a failing marked statement reports its own error and leaves the connection usable', async () => {
    const text = `${PREPARED} select 1 / $1::int as q`;
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(text, [1])).rows).toEqual([{ q: 1 }]);
    await expect(client.query(`${PREPARED} select * from no_such_table`)).rejects.toMatchObject({ code: '42P01' });
    expect((await client.query(text, [1])).rows).toEqual([{ q: 1 }]);
  });

  it("the api's own pool prepares its marked statements (through MikroORM and Kysely)", async () => {
    const orm = await MikroORM.init(ormConfig(loadConfig({ ...process.env, DATABASE_URL: db.url })));
    try {
      await orm.em
        .getKysely()
        .connection()
        .execute(async (conn) => {
          await projectForStudent(conn, randomUUID(), randomUUID());
          const r = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn);
          expect(
            r.rows.filter((row) => row.statement.startsWith(PREPARED) && row.statement.includes('from projects p')),
          ).toHaveLength(1);
        });
    } finally {
      await orm.close(true);
    }
  });
});
