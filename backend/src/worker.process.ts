import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module.js';
import { exitAfter } from './common/shutdown.js';
import { runProcess } from './common/run-process.js';
import { Readiness } from './health/readiness.js';
import { startOpsServer } from './metrics/ops-server.js';

runProcess('worker', async (config) => {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  // Not ready from the first moment of a stop (its running jobs finish: Nest's shutdown hooks).
  exitAfter(config.SHUTDOWN_TIMEOUT_MS, () => {
    app.get(Readiness).beginStop();
  });
  await app.init();
  await startOpsServer(app, config);
  app.get(Logger).log(`worker started: queues [${config.WORKER_QUEUES.join(', ')}], relay ${config.WORKER_RELAY ? 'on' : 'off'}`);
});
