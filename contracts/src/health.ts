import { z } from 'zod';
import { endpoint } from './endpoint.js';

const Check = z.strictObject({ status: z.enum(['up', 'down']), latencyMs: z.number().int().optional() });

export const health = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    tag: 'health',
    status: 200,
    access: 'public',
    response: z.strictObject({ status: z.enum(['ok', 'degraded']), checks: z.strictObject({ database: Check, redis: Check }) }),
    summary: 'PostgreSQL and Redis, each up or down (503 when one is down)',
  }),
};
