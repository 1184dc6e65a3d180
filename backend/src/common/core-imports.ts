import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import { ConfigModule } from '../config/config.module.js';
import { DatabaseModule } from '../database/database.module.js';
import { QueuesModule } from '../queues/queues.module.js';
import { loggerParams } from './logging.js';

/** What every process stands on: config, logs, the database and the queues. */
export const coreImports = (config: AppConfig, role: 'api' | 'worker') => [
  ConfigModule.forRoot(config),
  LoggerModule.forRoot(loggerParams(config)),
  DatabaseModule.forRoot(config),
  QueuesModule.forRoot(config, role),
];
