import type { FastifyInstance } from 'fastify';
import type { INestApplication } from '@nestjs/common';

interface InFlight {
  count: number;
  closing: boolean;
  waiters: (() => void)[];
}
const states = new WeakMap<FastifyInstance, InFlight>();

/** Counts the requests being served, so a shutdown can wait for them (see closeGracefully). */
export function trackInFlight(fastify: FastifyInstance) {
  const state: InFlight = { count: 0, closing: false, waiters: [] };
  states.set(fastify, state);
  const answered = new WeakSet<object>();
  fastify.addHook('onRequest', (_req, reply, done) => {
    state.count++;
    // While closing, a kept-alive connection is told to go: its next request goes to another process.
    if (state.closing) void reply.header('connection', 'close');
    done();
  });
  // A request is done with the app's resources once its answer is produced — even when its client
  // has already gone (the handler still runs to its end).
  fastify.addHook('onSend', (req, _reply, payload, done) => {
    if (!answered.has(req)) {
      answered.add(req);
      if (--state.count === 0) for (const wake of state.waiters.splice(0)) wake();
    }
    done(null, payload);
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
