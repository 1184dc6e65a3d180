import 'reflect-metadata';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { createApi } from './http/create-api.js';
import { exitAfter } from './common/shutdown.js';

async function main(config: AppConfig) {
  const app = await createApi(config);
  exitAfter(app, config.SHUTDOWN_TIMEOUT_MS);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.getHttpAdapter().getInstance().log.info(`api listening on http://${config.HOST}:${config.PORT}`);
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
  console.error('api failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
