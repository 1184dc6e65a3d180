/**
 * Kept on purpose (issue 28): sent unnamed, the project page's statement is parsed and planned on every
 * request, and the page then serves 0.46–0.66× the bench's baseline instead of 1.09–1.26× (My
 * Applications 0.85–0.97× instead of 1.05–1.66×): `BENCH_ONLY=project,my npm run bench` at 100
 * connections, with and without this hook, alternately, on 2026-11-26 (docs/benchmarks.md). It uses
 * the driver's own named statements (`pg`'s `QueryConfig.name`); what it adds is choosing when a marked
 * statement may be named (idle connection, outside a transaction) and preparing it again after a
 * migration changed its tables.
 */
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

/**
 * Errors with which PostgreSQL refuses a prepared statement whose tables changed under it (a
 * migration while the api runs) — before running any of it: 0A000 its result's columns changed,
 * class 42 its parameters' types no longer fit, 26000 it is gone (DEALLOCATE, DISCARD ALL). By code,
 * not by message, which the server may translate.
 */
const mayBeStale = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && (code === '0A000' || code === '26000' || code.startsWith('42'));
};

type Query = (...args: unknown[]) => unknown;

/**
 * Sends statements marked with PREPARED as named statements on this client; anything else goes as
 * before. A marked statement goes unnamed unless the connection is idle outside a transaction when it
 * is sent (`getTransactionStatus()` 'I' and nothing of ours in flight on it): when a migration changed
 * a table under a prepared statement, PostgreSQL refuses it once (see mayBeStale). Outside a
 * transaction it is then prepared again under a new name and run at once — safe for writes too, since
 * the refusal comes before anything ran; inside one, that refusal would have ended the caller's
 * transaction. Each such rename leaves the old statement on the connection until it closes (one per
 * marked text per migration).
 */
export function usePreparedStatements(client: PoolClient) {
  const query = client.query.bind(client) as unknown as Query;
  /** How often each statement was renamed on this connection (its name's suffix). */
  const renamed = new Map<string, number>();
  let inFlight = 0;
  const configOf = (text: string, values: unknown): QueryConfig => {
    const name = nameOf(text);
    const times = renamed.get(name);
    return { name: times ? `${name}_${times}` : name, text, values: values as unknown[] | undefined };
  };
  const settle = <T>(p: Promise<T>) => {
    inFlight++;
    return p.finally(() => {
      inFlight--;
    });
  };
  const patched: Query = (...args) => {
    const [text, values, callback] = args;
    const callbackStyle = typeof values === 'function' || typeof callback === 'function';
    if (callbackStyle) return query(...args);
    const idle = inFlight === 0 && client.getTransactionStatus() === 'I';
    if (typeof text !== 'string' || !text.startsWith(PREPARED) || !idle) return settle(query(...args) as Promise<unknown>);
    const run = () => query(configOf(text, values)) as Promise<unknown>;
    return settle(
      run().catch((err: unknown) => {
        if (!mayBeStale(err) || client.getTransactionStatus() !== 'I') throw err;
        const name = nameOf(text);
        renamed.set(name, (renamed.get(name) ?? 0) + 1);
        return run();
      }),
    );
  };
  (client as unknown as { query: Query }).query = patched;
}

/** Every client the pool opens sends PREPARED statements as named ones (see usePreparedStatements). */
export function preparePooledStatements(pool: Pool) {
  pool.on('connect', usePreparedStatements);
}
