import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, type SessionsService } from '../identity/index.js';

/**
 * Bull Board over every queue (waiting, active, failed, delayed; failed jobs can be retried), for
 * admins only: anyone else gets 401/403, and a browser without a session is sent to sign in.
 */
export async function mountQueueBoard(
  fastify: FastifyInstance,
  queues: Queue[],
  basePath: string,
  sessions: SessionsService,
  webOrigin: string,
) {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    // Bull Board has no Arabic (its own languages: English and eleven others), so the way back to
    // the dashboard is named in both of ours.
    options: {
      uiConfig: {
        boardTitle: 'Mashrou queues',
        miscLinks: [{ text: 'Dashboard · لوحة التحكم', url: new URL('/dashboard', webOrigin).toString() }],
      },
    },
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      const auth = await sessions.resolve(req.cookies[SESSION_COOKIE]);
      if (auth?.user.userType === 'admin' && auth.user.emailVerifiedAt) return;
      const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
      if (!auth && wantsHtml) return reply.redirect(new URL('/signin', webOrigin).toString(), 303);
      return reply
        .status(auth ? 403 : 401)
        .send(
          auth
            ? { code: 'forbidden', message: 'Admins only.' }
            : { code: 'unauthenticated', message: 'Please sign in to continue.' },
        );
    });
    await scope.register(serverAdapter.registerPlugin() as never, { prefix: basePath });
  });
}
