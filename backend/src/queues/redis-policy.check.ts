import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { producerRedisOptions } from './queues.js';

/** Redis may evict queued jobs unless maxmemory-policy is noeviction: say so loudly at boot. */
@Injectable()
export class RedisPolicyCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('RedisPolicy');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationBootstrap() {
    const policy = await readEvictionPolicy(this.config);
    if (policy === undefined) {
      this.logger.warn('Could not read Redis maxmemory-policy (Redis unreachable?); jobs are lost if Redis evicts keys');
    } else if (policy !== 'noeviction') {
      this.logger.error(
        `!!! Redis maxmemory-policy is "${policy}", not "noeviction": Redis may silently drop queued jobs. ` +
          'Set `maxmemory-policy noeviction` on this Redis.',
      );
    }
  }
}

export async function readEvictionPolicy(config: AppConfig): Promise<string | undefined> {
  const redis = new Redis({ ...producerRedisOptions(config), lazyConnect: true, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const reply = await redis.config('GET', 'maxmemory-policy');
    return reply[1];
  } catch {
    return undefined;
  } finally {
    redis.disconnect();
  }
}
