import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { Logger } from 'nestjs-pino';
import { createApi } from './http/create-api.js';
import { closeGracefully } from './http/drain.js';
import { accountsWithDemoPassword, DEMO_PASSWORD } from './identity/demo-accounts.js';
import { exitAfter } from './common/shutdown.js';
import type { AppConfig } from './config/config.js';
import { runProcess } from './common/run-process.js';
import { runClustered } from './common/cluster.js';

runProcess('api', async (config) => {
  if (config.API_PROCESSES > 1) {
    runClustered(config.API_PROCESSES, () => serve(config));
    return;
  }
  await serve(config);
});

async function serve(config: AppConfig) {
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
  exitAfter(config.SHUTDOWN_TIMEOUT_MS);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      closeGracefully(app, config.SHUTDOWN_TIMEOUT_MS).then(
        () => process.exit(0),
        (err: unknown) => {
          console.error('api shutdown failed:', err);
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  app.get(Logger).log(`api listening on http://${config.HOST}:${config.PORT}`);
}
