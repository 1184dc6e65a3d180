import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import type { AppConfig } from '../config/config.js';
import { queueTelemetry } from '../telemetry/spans.js';
import { QueueErrorsLogger } from './queue-errors.logger.js';
import { QUEUE_NAMES, jobOptions, producerRedisOptions, redisOptions } from './queues.js';

/**
 * Registers every queue with @nestjs/bullmq. The api uses fail-fast producer connections; the
 * worker uses connections that wait for Redis to come back.
 */
@Module({})
export class QueuesModule {
  static forRoot(config: AppConfig, role: 'api' | 'worker') {
    const connection = role === 'api' ? producerRedisOptions(config) : redisOptions(config);
    return {
      module: QueuesModule,
      global: true,
      imports: [
        // With tracing on, BullMQ's own spans: a job's processing continues the trace that enqueued it.
        BullModule.forRoot({ connection, prefix: config.QUEUE_PREFIX, telemetry: queueTelemetry() }),
        ...QUEUE_NAMES.map((name) => BullModule.registerQueue({ name, defaultJobOptions: jobOptions(config) })),
      ],
      providers: [QueueErrorsLogger],
      exports: [BullModule],
    };
  }
}
