import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { QueuesModule } from './queues/queues.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { TelemetryModule } from './telemetry/telemetry.module.js';
import { loggerParams } from './common/logging.js';
import { ormConfig } from './orm.config.js';

/** What every process stands on: config, logs, metrics and traces, the database and the queues (the only global modules). */
export const coreImports = (config: AppConfig, role: 'api' | 'worker') => [
  ConfigModule.forRoot(config),
  LoggerModule.forRoot(loggerParams(config)),
  DatabaseModule.forRoot(ormConfig(config)),
  QueuesModule.forRoot(config, role),
  MetricsModule.forRoot(role),
  TelemetryModule,
];
