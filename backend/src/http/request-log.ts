import type { FastifyInstance } from 'fastify';
import type { Level } from 'pino';
import { PinoLogger } from 'nestjs-pino';
import { pathOnly, requestLogLevel } from '../common/logging.js';

/**
 * Request logging as two Fastify hooks instead of Nest middleware (pino-http through middie cost
 * about a fifth of a cheap request under load, even with its lines filtered out): every line logged
 * while a request runs carries its `reqId`, and one "request completed" line (with `req`: id,
 * method, path — never the query string) is written when it ends, at a level by its status (see loggerParams).
 */
export function registerRequestLogging(fastify: FastifyInstance, logger: PinoLogger) {
  fastify.addHook('onRequest', (req, _reply, done) => {
    // Only the id is bound (a plain string: binding the request object cost a redaction pass per request).
    logger.runInContext(done, { bindings: { reqId: req.id } });
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const root = PinoLogger.root;
    const level: Level = requestLogLevel(reply.statusCode);
    const path = pathOnly(req.url);
    if (path !== '/api/health' && root.isLevelEnabled(level)) {
      root[level](
        {
          req: { id: req.id, method: req.method, url: path },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });
}
