import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';
import { exitAfter } from './common/shutdown.js';
import { runProcess } from './common/run-process.js';

runProcess('worker', async (config) => {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  exitAfter(config.SHUTDOWN_TIMEOUT_MS);
  await app.init();
  app.get(Logger).log(`worker started: queues [${config.WORKER_QUEUES.join(', ')}], relay ${config.WORKER_RELAY ? 'on' : 'off'}`);
});
