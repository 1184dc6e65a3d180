import { Controller, Res } from '@nestjs/common';
import { api } from '@mashrou/contracts';
import type { FastifyReply } from 'fastify';
import { Endpoint } from '../http/endpoint.js';
import { Readiness, isReady } from './readiness.js';

/** The api's probes, under /api like every route (the worker serves the same two on OPS_PORT). */
@Controller()
export class HealthController {
  constructor(private readonly readiness: Readiness) {}

  @Endpoint(api.health.live)
  live() {
    return { status: 'ok' } as const;
  }

  @Endpoint(api.health.ready)
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const result = await this.readiness.check();
    void reply.status(isReady(result.status) ? 200 : 503);
    return result;
  }
}
