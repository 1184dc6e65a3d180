import { createServer, type Server } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import { Readiness, isReady } from '../health/readiness.js';
import { Metrics } from './metrics.js';

/**
 * The operations port (OPS_PORT): `/metrics` for Prometheus and, in a worker (which has no http api),
 * its probes `/health/live` and `/health/ready`. Only GETs of those three paths; nothing else is
 * served, and the public api never serves them. Unreferenced: it never holds a stop.
 */
export async function startOpsServer(app: INestApplicationContext, config: AppConfig): Promise<Server | undefined> {
  if (config.OPS_PORT === 0) return undefined;
  const { registry } = app.get(Metrics);
  const readiness = app.get(Readiness, { strict: false });
  const logger = app.get(Logger);
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    if (req.method !== 'GET') return send(405, 'text/plain', 'method not allowed\n');
    const answer = async () => {
      if (path === '/metrics') return send(200, registry.contentType, await registry.metrics());
      if (path === '/health/live') return send(200, 'application/json', '{"status":"ok"}');
      if (path === '/health/ready') {
        const result = await readiness.check();
        return send(isReady(result.status) ? 200 : 503, 'application/json', JSON.stringify(result));
      }
      send(404, 'text/plain', 'not found\n');
    };
    answer().catch((err: unknown) => {
      logger.warn(`ops port: ${path} failed: ${(err as Error).message}`);
      if (!res.headersSent) send(500, 'text/plain', 'failed\n');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.OPS_PORT, config.HOST, () => {
      resolve();
    });
  });
  server.unref();
  logger.log(`ops port on http://${config.HOST}:${config.OPS_PORT} (/metrics, /health/live, /health/ready)`);
  return server;
}
