import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from 'nestjs-pino';
import { createApi } from './http/create-api.js';
import { accountsWithDemoPassword, DEMO_PASSWORD } from './identity/demo-accounts.js';
import { exitAfter } from './common/shutdown.js';
import { runProcess } from './common/run-process.js';
import { Readiness } from './health/readiness.js';
import { startOpsServer } from './metrics/ops-server.js';

/**
 * One api process. More api capacity is more processes (replicas) behind the load balancer or the
 * platform's process manager: README, Operations.
 */
runProcess('api', async (config) => {
  const app = await createApi(config);
  if (config.isProduction) {
    const demo = await accountsWithDemoPassword(app.get(MikroORM).em.fork());
    if (demo.length) {
      await app.close();
      throw new Error(
        `accounts open with the public demo password "${DEMO_PASSWORD}" (${demo.join(', ')}): ` +
          'delete them or change their passwords before running in production',
      );
    }
  }
  exitAfter(config.SHUTDOWN_TIMEOUT_MS, () => {
    // Readiness answers 503 at once, while every other route still serves for SHUTDOWN_DELAY_MS: the
    // load balancer sees it and stops sending. Then Fastify's close: new requests get 503 (and their
    // kept-alive connection closes), those in flight are answered; only then do the modules close
    // (the database pool, queues, Redis). Nest's own order closes the modules first, under requests
    // still running.
    app.get(Readiness).beginStop();
    new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS))
      .then(() => app.getHttpAdapter().getInstance().close())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('api shutdown failed:', err);
          process.exit(1);
        },
      );
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  await startOpsServer(app, config);
  app.get(Logger).log(`api listening on http://${config.HOST}:${config.PORT}`);
});
