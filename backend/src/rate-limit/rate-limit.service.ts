import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { DomainError } from '../common/errors.js';
import { producerRedisOptions } from '../queues/queues.js';

/** One budget: at most `max` attempts per `windowS` seconds for `key`. */
export interface Limit {
  key: string;
  max: number;
  windowS: number;
  /**
   * Each time the budget runs out, the next window is twice as long (up to `maxWindowS`), for as
   * long as it keeps running out (strikes are forgotten after a quiet day).
   */
  grow?: { maxWindowS: number };
}

export type Verdict = { ok: true } | { ok: false; key: string; retryAfterS: number };

/**
 * Checks every budget and, only if none is spent, counts one attempt against each — in one Lua
 * script, so N parallel attempts are N counted attempts and never more than `max` get through.
 */
const CONSUME = `
local n = #KEYS / 2
for i = 1, n do
  local used = tonumber(redis.call('GET', KEYS[i]) or '0')
  if used >= tonumber(ARGV[(i - 1) * 4 + 1]) then
    return {0, i, redis.call('PTTL', KEYS[i])}
  end
end
for i = 1, n do
  local max = tonumber(ARGV[(i - 1) * 4 + 1])
  local window = tonumber(ARGV[(i - 1) * 4 + 2])
  local grow = ARGV[(i - 1) * 4 + 3] == '1'
  local cap = tonumber(ARGV[(i - 1) * 4 + 4])
  local strikes = KEYS[n + i]
  local used = redis.call('INCR', KEYS[i])
  if used == 1 then
    if grow then
      local s = tonumber(redis.call('GET', strikes) or '0')
      window = math.min(window * (2 ^ s), cap)
    end
    redis.call('EXPIRE', KEYS[i], math.floor(window))
  end
  if grow and used == max then
    redis.call('INCR', strikes)
    redis.call('EXPIRE', strikes, 86400)
  end
end
return {1}
`;

/**
 * Budgets in Redis, so they hold across api replicas. If Redis cannot be reached they are not
 * enforced (logged loudly): sign-in must not go down with the queue store.
 */
@Injectable()
export class RateLimitService implements OnModuleDestroy {
  private readonly logger = new Logger(RateLimitService.name);
  private readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis({ ...producerRedisOptions(config), keyPrefix: `${config.QUEUE_PREFIX}:throttle:` });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('consumeBudgets', { lua: CONSUME });
  }

  /** Counts one attempt against every limit, or none if any of them is spent. */
  async consume(...limits: Limit[]): Promise<Verdict> {
    const keys = [...limits.map((l) => l.key), ...limits.map((l) => `${l.key}:strikes`)];
    const args = limits.flatMap((l) => [l.max, l.windowS, l.grow ? 1 : 0, l.grow?.maxWindowS ?? l.windowS]);
    try {
      const r = (await (this.redis as unknown as { consumeBudgets(...a: unknown[]): Promise<number[]> }).consumeBudgets(
        keys.length,
        ...keys,
        ...args,
      )) as number[];
      if (r[0] === 1) return { ok: true };
      return { ok: false, key: limits[r[1] - 1].key, retryAfterS: Math.max(1, Math.ceil(r[2] / 1000)) };
    } catch (err) {
      this.logger.error(`rate limits not enforced: Redis unreachable (${(err as Error).message})`);
      return { ok: true };
    }
  }

  /** Like `consume`, but throws a 429 with `code` when a budget is spent. */
  async enforce(code: string, message: string, ...limits: Limit[]) {
    const v = await this.consume(...limits);
    if (!v.ok) throw new DomainError(code, message, 429, { retryAfterSeconds: v.retryAfterS });
  }

  /** Gives back one attempt (e.g. a successful sign-in does not count as a failure). */
  async refund(...keys: string[]) {
    if (!keys.length) return;
    const m = this.redis.multi();
    for (const k of keys) m.eval(`if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then return redis.call('DECR', KEYS[1]) end return 0`, 1, k);
    await m.exec().catch(() => undefined);
  }

  /** Forgets budgets and their strikes (e.g. a password reset clears the account's lockout). */
  async reset(...keys: string[]) {
    if (!keys.length) return;
    await this.redis.del(...keys, ...keys.map((k) => `${k}:strikes`)).catch(() => undefined);
  }

  /** True the first time in `windowSeconds`, false after (e.g. "resend at most every 30 s"). */
  async once(key: string, windowSeconds: number): Promise<boolean> {
    try {
      return (await this.redis.set(key, '1', 'EX', windowSeconds, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  /** Deletes every budget whose key contains one of `fragments` (erasure of a person). */
  async forget(fragments: string[]) {
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
