import { Controller, Logger, Res } from '@nestjs/common';
import { api } from '@mashrou/contracts';
import { Endpoint } from '../http/endpoint.js';
import { MikroORM } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { FastifyReply } from 'fastify';

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => {
        reject(new Error('timeout'));
      }, ms).unref(),
    ),
  ]);

@Controller()
export class HealthController {
  private readonly logger = new Logger(HealthController.name);

  constructor(
    private readonly orm: MikroORM,
    @InjectQueue('notifications') private readonly queue: Queue,
  ) {}

  @Endpoint(api.health.health)
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    // Up or down only: why something is down goes to the log, never to an anonymous caller.
    const check = async (name: string, fn: () => Promise<unknown>) => {
      const started = performance.now();
      try {
        await withTimeout(fn(), 2000);
        return { status: 'up' as const, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        this.logger.warn(`health: ${name} down (${(err as Error).message})`);
        return { status: 'down' as const };
      }
    };
    const [database, redis] = await Promise.all([
      check('database', () => this.orm.em.fork().execute('select 1')),
      check('redis', () => this.queue.getJobCounts('waiting')),
    ]);
    const ok = database.status === 'up' && redis.status === 'up';
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'degraded', checks: { database, redis } } as const;
  }
}
