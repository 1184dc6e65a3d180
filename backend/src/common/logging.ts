import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { AppConfig } from '../config/config.js';
import { traceFields } from '../telemetry/spans.js';

export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0];

/** JSON logs with a request id (and trace id) on every line of a request; credentials are redacted. */
export function loggerParams(config: AppConfig): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      // The trace and span ids of the request or job a line belongs to, when tracing is on.
      mixin: traceFields,
      // The id Fastify gave the request (see create-api.ts), so every log line of a request carries it.
      genReqId: (req: IncomingMessage) => (req as { reqId?: string }).reqId ?? randomUUID(),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-csrf-token"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.code',
        ],
        censor: '[redacted]',
      },
      serializers: {
        // Query strings never reach the log: download tokens and reset links travel there.
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: pathOnly(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
        err ? 'error' : requestLogLevel(res.statusCode),
      autoLogging: { ignore: (req: IncomingMessage) => pathOnly(req.url)?.startsWith('/api/health/') === true },
    },
  };
}

/** The level of a request's "request completed" line (pino-http's, through nestjs-pino's middleware). */
export const requestLogLevel = (status: number) => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');
