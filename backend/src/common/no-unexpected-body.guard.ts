import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.js';
import { ACCEPTS_BODY_KEY } from './zod.js';

/**
 * A route that reads no body refuses one (400 `unexpected-body`), so junk sent to "sign out" or
 * "mark all reviewed" is an error, not an action. An empty object counts as no body. Runs after
 * the auth guard: a caller without access learns nothing more.
 */
@Injectable()
export class NoUnexpectedBodyGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext) {
    if (ctx.getType() !== 'http') return true;
    if (this.reflector.getAllAndOverride<boolean>(ACCEPTS_BODY_KEY, [ctx.getHandler(), ctx.getClass()])) return true;
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    const body = req.body;
    const empty =
      body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (!empty) throw new DomainError('unexpected-body', 'This request takes no body.', 400);
    return true;
  }
}
