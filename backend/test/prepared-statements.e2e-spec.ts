import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PREPARED } from '../src/common/sql.js';
import { preparePooledStatements } from '../src/database/prepared.js';
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
});
