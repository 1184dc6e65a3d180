import { Module, type DynamicModule } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { EventsModule } from './events/events.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { HealthController } from './health/health.controller.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { loggerParams } from './common/logging.js';

/** The HTTP api. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        DatabaseModule.forRoot(config),
        QueuesModule.forRoot(config, 'api'),
        EventsModule.forApi(),
        NotificationsModule.forApi(config.devTools),
      ],
      controllers: [HealthController],
    };
  }
}
