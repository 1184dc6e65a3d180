import 'reflect-metadata';
import { createApi } from './http/create-api.js';
import { exitAfter } from './common/shutdown.js';
import { runProcess } from './common/run-process.js';

runProcess('api', async (config) => {
  const app = await createApi(config);
  exitAfter(config.SHUTDOWN_TIMEOUT_MS);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.getHttpAdapter().getInstance().log.info(`api listening on http://${config.HOST}:${config.PORT}`);
});
