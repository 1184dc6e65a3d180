import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { WorkerModule } from './worker.module.js';
import { exitAfter } from './common/shutdown.js';

async function main(config: AppConfig) {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  exitAfter(app, config.SHUTDOWN_TIMEOUT_MS);
  await app.init();
  app
    .get(Logger)
    .log(`worker started: queues [${config.WORKER_QUEUES.join(', ')}], relay ${config.WORKER_RELAY ? 'on' : 'off'}`);
}

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  throw err;
}
main(config).catch((err) => {
  console.error('worker failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
