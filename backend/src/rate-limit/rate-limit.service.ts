import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import type { ErrorCode } from '@mashrou/contracts';
import { DomainError } from '../common/errors.js';
import { producerRedisOptions } from '../queues/queues.js';

/** One budget: at most `max` attempts per `windowS` seconds for `key`. */
export interface Limit {
  key: string;
  max: number;
  windowS: number;
  /**
   * Each time the budget is found spent, the next window is twice as long (up to `maxWindowS`), for
   * as long as that keeps happening (strikes are forgotten after a quiet day).
   */
  grow?: { maxWindowS: number };
}

export type Verdict = { ok: true } | { ok: false; key: string; retryAfterS: number };

const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as far as we can tell: lower-cased, without a `+tag`, and
 * for Gmail without dots. Budgets per address use it, so `victim+1@…` and `v.ictim@gmail.com` share
 * the victim's budget.
 */
export function canonicalMailbox(email: string) {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  let box = local.split('+')[0] ?? '';
  let host = domain;
  if (GMAIL.has(host)) {
    box = box.replaceAll('.', '');
    host = 'gmail.com';
  }
  return `${box}@${host}`;
}

/**
 * A client address as one budget holder: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 — one
 * subscriber's whole network, which hands out addresses by the billion.
 */
export function clientKey(ip: string | undefined) {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return 'unknown';
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Checks every budget and, only if none is spent, counts one attempt against each — in one Lua
 * script, so N parallel attempts are N counted attempts and never more than `max` get through.
 * KEYS: the n counters, then their n strike counters, then their n "struck this window" flags.
 * A strike is counted the first time a window's budget is found spent (a refused attempt), never
 * for an attempt that succeeds.
 */
const CONSUME = `
local n = #KEYS / 3
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[(i - 1) * 4 + 1]) then
    local ttl = redis.call('PTTL', KEYS[i])
    if ARGV[(i - 1) * 4 + 3] == '1' and redis.call('SET', KEYS[2 * n + i], '1', 'PX', math.max(ttl, 1), 'NX') then
      redis.call('INCR', KEYS[n + i])
      redis.call('EXPIRE', KEYS[n + i], 86400)
    end
    return {0, i, ttl}
  end
end
for i = 1, n do
  local window = tonumber(ARGV[(i - 1) * 4 + 2])
  local cap = tonumber(ARGV[(i - 1) * 4 + 4])
  local used = redis.call('INCR', KEYS[i])
  if used == 1 then
    if ARGV[(i - 1) * 4 + 3] == '1' then
      local s = tonumber(redis.call('GET', KEYS[n + i]) or '0')
      window = math.min(window * (2 ^ s), cap)
    end
    redis.call('EXPIRE', KEYS[i], math.floor(window))
  end
end
return {1}
`;

/** Used only while Redis cannot be reached: the same budgets, per process. */
class LocalBudgets {
  private readonly counts = new Map<string, { used: number; until: number }>();

  consume(limits: Limit[]): Verdict {
    const now = Date.now();
    for (const l of limits) {
      const c = this.counts.get(l.key);
      if (c && c.until > now && c.used >= l.max) return { ok: false, key: l.key, retryAfterS: Math.ceil((c.until - now) / 1000) };
    }
    for (const l of limits) {
      const c = this.counts.get(l.key);
      if (c && c.until > now) c.used += 1;
      else this.counts.set(l.key, { used: 1, until: now + l.windowS * 1000 });
    }
    if (this.counts.size > 100_000) for (const [k, c] of this.counts) if (c.until <= now) this.counts.delete(k);
    return { ok: true };
  }

  refund(keys: string[]) {
    for (const k of keys) {
      const c = this.counts.get(k);
      if (c && c.used > 0) c.used -= 1;
    }
  }

  forget(test: (key: string) => boolean) {
    for (const k of this.counts.keys()) if (test(k)) this.counts.delete(k);
  }
}

/**
 * Budgets in Redis, so they hold across api replicas. If Redis fails, each process keeps the same
 * budgets in its own memory until Redis is back (logged): the limits loosen by the number of
 * processes, they never vanish, and sign-in does not go down with the queue store.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly redis: Redis;
  private readonly local = new LocalBudgets();
  private degraded = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.redis = new Redis({ ...producerRedisOptions(config), keyPrefix: `${config.QUEUE_PREFIX}:throttle:` });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('consumeBudgets', { lua: CONSUME });
  }

  /** The key part for an email address: its canonical mailbox, keyed with APP_SECRET (not reversible by a dictionary). */
  address(email: string) {
    return createHmac('sha256', this.config.appSecret)
      .update(`mailbox:${canonicalMailbox(email)}`)
      .digest('hex')
      .slice(0, 40);
  }

  private fellBack(err: unknown) {
    if (!this.degraded)
      this.logger.error(`Redis unreachable (${(err as Error).message}): rate limits kept in this process until it is back`);
    this.degraded = true;
  }

  /** Counts one attempt against every limit, or none if any of them is spent. */
  async consume(...limits: Limit[]): Promise<Verdict> {
    const keys = [...limits.map((l) => l.key), ...limits.map((l) => `${l.key}:strikes`), ...limits.map((l) => `${l.key}:struck`)];
    const args = limits.flatMap((l) => [l.max, l.windowS, l.grow ? 1 : 0, l.grow?.maxWindowS ?? l.windowS]);
    try {
      const r = await (this.redis as unknown as { consumeBudgets(...a: unknown[]): Promise<number[]> }).consumeBudgets(
        keys.length,
        ...keys,
        ...args,
      );
      this.degraded = false;
      if (r[0] === 1) return { ok: true };
      const limit = limits[(r[1] ?? 1) - 1];
      return { ok: false, key: limit?.key ?? '', retryAfterS: Math.max(1, Math.ceil((r[2] ?? 1000) / 1000)) };
    } catch (err) {
      this.fellBack(err);
      return this.local.consume(limits);
    }
  }

  /** Like `consume`, but throws a 429 with `code` when a budget is spent. */
  async enforce(code: ErrorCode, message: string, ...limits: Limit[]) {
    const v = await this.consume(...limits);
    if (!v.ok) throw new DomainError(code, message, 429, { retryAfterSeconds: v.retryAfterS });
  }

  /** Gives back one attempt (e.g. a successful sign-in does not count as a failure). */
  async refund(...keys: string[]) {
    if (!keys.length) return;
    this.local.refund(keys);
    const m = this.redis.multi();
    for (const k of keys)
      m.eval(
        `local v = tonumber(redis.call('GET', KEYS[1]) or '0') if v > 0 then return redis.call('DECR', KEYS[1]) end return 0`,
        1,
        k,
      );
    await m.exec().catch(() => undefined);
  }

  /** Forgets budgets and their strikes (e.g. a password reset clears the account's lockout). */
  async reset(...keys: string[]) {
    if (!keys.length) return;
    this.local.forget((k) => keys.includes(k));
    await this.redis.del(...keys.flatMap((k) => [k, `${k}:strikes`, `${k}:struck`])).catch(() => undefined);
  }

  /** True the first time in `windowSeconds`, false after (e.g. "resend at most every 30 s"). */
  async once(key: string, windowSeconds: number): Promise<boolean> {
    try {
      return (await this.redis.set(key, '1', 'EX', windowSeconds, 'NX')) === 'OK';
    } catch (err) {
      this.fellBack(err);
      return this.local.consume([{ key: `once:${key}`, max: 1, windowS: windowSeconds }]).ok;
    }
  }

  /**
   * Whether `owner` holds `key` for `windowSeconds`: the first caller takes it; the same owner asking
   * again (a retried job) still holds it; anyone else does not. Redis unreachable: an error (the job
   * retries), never a second holder.
   */
  async claim(key: string, owner: string, windowSeconds: number): Promise<boolean> {
    const held = await this.redis.eval(
      `if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then return 1 end
       if redis.call('GET', KEYS[1]) == ARGV[1] then return 1 end
       return 0`,
      1,
      key,
      owner,
      String(windowSeconds),
    );
    return held === 1;
  }

  /** Deletes every budget whose key contains one of `fragments` (erasure of a person; a reset). */
  async forget(fragments: string[]) {
    this.local.forget((k) => fragments.some((f) => k.includes(f)));
    const prefix = this.redis.options.keyPrefix ?? '';
    let cursor = '0';
    const doomed: string[] = [];
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      for (const k of keys) if (fragments.some((f) => k.includes(f))) doomed.push(k.slice(prefix.length));
      cursor = next;
    } while (cursor !== '0');
    if (doomed.length) await this.redis.del(...doomed);
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }
}
