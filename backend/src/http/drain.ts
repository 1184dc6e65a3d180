import type { FastifyInstance } from 'fastify';
import type { INestApplication } from '@nestjs/common';

interface InFlight {
  count: number;
  closing: boolean;
  waiters: (() => void)[];
}
const states = new WeakMap<FastifyInstance, InFlight>();
/** How a request that takes over its reply (a stream) says it no longer holds the app's resources. */
const releases = new WeakMap<object, () => void>();

/**
 * A long-lived reply (Server-Sent Events) is not a request in flight: a shutdown does not wait for
 * it (the stream's owner ends it while the app closes). Call it before taking over the reply.
 */
export function releaseInFlight(req: object) {
  releases.get(req)?.();
}

/** Counts the requests being served, so a shutdown can wait for them (see closeGracefully). */
export function trackInFlight(fastify: FastifyInstance) {
  const state: InFlight = { count: 0, closing: false, waiters: [] };
  states.set(fastify, state);
  const answered = new WeakSet<object>();
  const done = (req: object) => {
    if (answered.has(req)) return;
    answered.add(req);
    if (--state.count === 0) for (const wake of state.waiters.splice(0)) wake();
  };
  fastify.addHook('onRequest', (req, reply, next) => {
    // Once closing, a request arriving on a kept-alive connection is not started (the database and
    // queues are about to close under it): 503 `busy`, retry at once, and the connection is closed so
    // the client's next try reaches another process.
    if (state.closing) {
      answered.add(req);
      void reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', '1')
        .send({ code: 'busy', message: 'This server is restarting. Please try again.' });
      return;
    }
    state.count++;
    releases.set(req, () => {
      done(req);
    });
    next();
  });
  // A request is done with the app's resources once its answer is produced — even when its client
  // has already gone (the handler still runs to its end).
  fastify.addHook('onSend', (req, _reply, payload, next) => {
    done(req);
    next(null, payload);
  });
}

/**
 * A graceful stop: no new connections, requests in flight answered, and only then the rest of the
 * app closed (the database pool, queues, Redis). Nest's own order closes modules before the HTTP
 * server, so requests still running got "driver has already been destroyed" (500) during a deploy.
 */
export async function closeGracefully(app: INestApplication, timeoutMs: number) {
  const fastify = app.getHttpAdapter().getInstance() as FastifyInstance;
  const state = states.get(fastify);
  fastify.server.close();
  fastify.server.closeIdleConnections();
  if (state) {
    state.closing = true;
    if (state.count > 0) {
      await new Promise<void>((resolve) => {
        state.waiters.push(resolve);
        setTimeout(resolve, timeoutMs).unref();
      });
    }
  }
  await app.close();
}
