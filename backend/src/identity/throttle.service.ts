import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { producerRedisOptions } from '../queues/queues.js';

/**
 * Counters in Redis, so limits hold across api replicas. If Redis is unreachable the limits are
 * not enforced (logged): sign-in must not go down with the queue store.
 */
@Injectable()
export class ThrottleService implements OnModuleDestroy {
  private readonly logger = new Logger(ThrottleService.name);
  private readonly redis: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.redis = new Redis({ ...producerRedisOptions(config), keyPrefix: `${config.QUEUE_PREFIX}:throttle:` });
    this.redis.on('error', () => undefined);
  }

  /** The current counts of several keys, in one round trip. */
  async counts(...keys: string[]): Promise<number[]> {
    try {
      return (await this.redis.mget(...keys)).map((v) => Number(v ?? 0));
    } catch (err) {
      this.logger.warn(`throttle read failed (${(err as Error).message}); not enforced`);
      return keys.map(() => 0);
    }
  }

  async hit(key: string, windowSeconds: number): Promise<number> {
    try {
      const [[, n]] = (await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) as [[null, number]];
      return n;
    } catch (err) {
      this.logger.warn(`throttle write failed (${(err as Error).message}); not enforced`);
      return 0;
    }
  }

  async reset(key: string) {
    await this.redis.del(key).catch(() => undefined);
  }

  /** True the first time in `windowSeconds`, false after (e.g. "resend at most every 30 s"). */
  async once(key: string, windowSeconds: number): Promise<boolean> {
    try {
      return (await this.redis.set(key, '1', 'EX', windowSeconds, 'NX')) === 'OK';
    } catch {
      return true;
    }
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }
}
