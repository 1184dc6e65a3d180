import type { DefaultJobOptions, RedisOptions } from 'bullmq';
import { QUEUE_NAMES, type AppConfig, type QueueName } from '../config/config.js';

export { QUEUE_NAMES, type QueueName };

const DAY_S = 24 * 60 * 60;

/** Every queue states attempts, exponential backoff and bounded retention (STYLE 6). */
export function jobOptions(config: AppConfig): DefaultJobOptions {
  return {
    attempts: config.JOB_ATTEMPTS,
    backoff: { type: 'exponential', delay: config.JOB_BACKOFF_MS },
    // Completed jobs are kept a week so that a replayed event (same job id) is still deduplicated.
    removeOnComplete: { age: 7 * DAY_S, count: 50_000 },
    // Failed jobs stay visible (and retryable in Bull Board) for a month.
    removeOnFail: { age: 30 * DAY_S, count: 50_000 },
  };
}

/**
 * Where every api process hears that sessions ended: \`{"session": <hash>}\` on a sign-out,
 * \`{"user": <id>}\` when the user changed, with \`"ended": true\` when their sessions were revoked
 * (identity publishes).
 */
export const sessionsEndedChannel = (config: Pick<AppConfig, 'QUEUE_PREFIX'>) => `${config.QUEUE_PREFIX}:sessions:revoked`;

/** ioredis options from REDIS_URL. */
export function redisOptions(config: AppConfig, extra: RedisOptions = {}): RedisOptions {
  const u = new URL(config.REDIS_URL);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
    ...extra,
  };
}

/** Producers fail fast when Redis is away, instead of queueing commands in memory. */
export function producerRedisOptions(config: AppConfig): RedisOptions {
  return redisOptions(config, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5000 });
}
