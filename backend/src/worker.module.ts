import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { EventsModule } from './events/events.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { loggerParams } from './common/logging.js';
import { RedisPolicyCheck } from './queues/redis-policy.check.js';

/** The worker: the outbox relay and the queue processors chosen by WORKER_QUEUES; no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule.forRoot(config),
        QueuesModule.forRoot(config, 'worker'),
        EventsModule.forWorker(),
        NotificationsModule.forWorker(config.WORKER_QUEUES),
      ],
      providers: [RedisPolicyCheck],
    };
  }
}
