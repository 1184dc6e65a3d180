import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';

/** Entry point of a process: validated config or exit 78 naming the variables, then `main`. */
export function runProcess(name: string, main: (config: AppConfig) => Promise<void>) {
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
  main(config).catch((err: unknown) => {
    console.error(`${name} failed to start:`, err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
