import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { Queue } from 'bullmq';
import type { FastifyInstance } from 'fastify';

/** Bull Board over every queue: waiting, active, failed and delayed jobs; failed jobs can be retried. */
export async function mountQueueBoard(fastify: FastifyInstance, queues: Queue[], basePath: string) {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: queues.map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Mashrou queues' } },
  });
  await fastify.register(serverAdapter.registerPlugin() as never, { prefix: basePath });
}
