import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryConfig } from 'pg';
import { PREPARED } from '../common/sql.js';

/**
 * A prepared statement's name: the same text gets the same name on every connection (names are
 * remembered for the first 500 texts; marked texts are a handful, fixed in the code).
 */
const names = new Map<string, string>();
const MAX_NAMES = 500;
function nameOf(text: string) {
  let name = names.get(text);
  if (name === undefined) {
    name = `m_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/** SQLSTATE 0A000 as PostgreSQL raises it when a table under a prepared statement changed its columns. */
const isStalePlan = (err: unknown) =>
  (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(err));

type Query = (...args: unknown[]) => unknown;
/** `_txStatus` is pg's record of the server's last ReadyForQuery: 'I' when no transaction is open. */
type Internals = PoolClient & { _txStatus?: string };

/**
 * Sends statements marked with PREPARED as named statements on this client; anything else goes as
 * before. Inside a transaction a marked statement goes unnamed: when a migration changes a table
 * under a prepared statement while the api runs, PostgreSQL refuses the old statement once ("cached
 * plan must not change result type") — outside a transaction it is then prepared again under a new
 * name and run at once, and inside one that error would have ended the caller's transaction.
 */
export function usePreparedStatements(client: Internals) {
  const query = client.query.bind(client) as unknown as Query;
  /** How often each statement went stale on this connection (its name's suffix). */
  const stale = new Map<string, number>();
  const configOf = (text: string, values: unknown): QueryConfig => {
    const name = nameOf(text);
    const times = stale.get(name);
    return { name: times ? `${name}_${times}` : name, text, values: values as unknown[] | undefined };
  };
  const patched: Query = (...args) => {
    const [text, values, callback] = args;
    const inTransaction = client._txStatus !== undefined && client._txStatus !== 'I';
    const callbackStyle = typeof values === 'function' || typeof callback === 'function';
    if (typeof text !== 'string' || !text.startsWith(PREPARED) || inTransaction || callbackStyle) {
      return query(...args);
    }
    const run = () => query(configOf(text, values)) as Promise<unknown>;
    return run().catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      const name = nameOf(text);
      stale.set(name, (stale.get(name) ?? 0) + 1);
      return run();
    });
  };
  (client as unknown as { query: Query }).query = patched;
}

/** Every client the pool opens sends PREPARED statements as named ones (see usePreparedStatements). */
export function preparePooledStatements(pool: Pool) {
  pool.on('connect', usePreparedStatements);
}
