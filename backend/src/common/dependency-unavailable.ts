/** Node's network errors and PostgreSQL's SQLSTATEs that mean "not reachable right now". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections (class 08 is all connection errors). */
const PG_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|enableOfflineQueue|Connection is closed|Client has encountered a connection error/;

/**
 * A dependency away — PostgreSQL restarting or failing over, Redis unreachable — as the drivers report
 * it (pg, pg-pool, ioredis, MikroORM's ConnectionException), looked for through the error's causes.
 * An SMTP error is not one (nodemailer's name the SMTP `command`, and its timeouts are `ETIMEDOUT`
 * too): the mail server's failures are retried by the job's own attempts.
 */
export function isDependencyUnavailable(err: unknown): boolean {
  let e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; command?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (typeof e.command === 'string') return false;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_CODES.has(code) || PG_UNAVAILABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (e.name === 'ConnectionException' || e.name === 'MaxRetriesPerRequestError') return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}
