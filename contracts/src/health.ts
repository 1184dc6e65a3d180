import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * One dependency as an orchestrator sees it (the shape of @nestjs/terminus): up, degraded (serving,
 * but impaired) or down, how long the check took, and what the check measured. Never why it failed:
 * that goes to the api's log, not to an anonymous caller.
 */
const Check = z.strictObject({
  status: z.enum(['up', 'degraded', 'down']),
  responseTime: z.number().int().nonnegative().optional(),
  /** The outbox: seconds since the oldest event that no worker has picked up yet was written. */
  oldestPendingSeconds: z.number().int().nonnegative().optional(),
});
const Checks = z.record(z.string(), Check);

export const health = {
  live: endpoint({
    method: 'GET',
    path: '/health/live',
    tag: 'health',
    status: 200,
    access: 'public',
    response: z.strictObject({ status: z.literal('ok') }),
    summary: 'The process answers (a liveness probe: it asks nothing of PostgreSQL or Redis)',
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    tag: 'health',
    status: 200,
    access: 'public',
    response: z.strictObject({
      status: z.enum(['ok', 'degraded', 'error', 'shutting_down']),
      details: Checks,
    }),
    summary:
      'Ready for traffic: PostgreSQL and Redis answer and the process is not stopping (503 otherwise); the outbox relay falling behind is reported as degraded (200)',
  }),
};
