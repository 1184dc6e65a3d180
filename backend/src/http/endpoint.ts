import {
  applyDecorators,
  createParamDecorator,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { EndpointDef } from '@mashrou/contracts';
import type { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { AllowUnverified, Public, Roles } from '../common/auth.js';
import { AcceptsBody, ZodPipe } from '../common/zod.js';

export const ENDPOINT_KEY = 'http:endpoint';

const METHODS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

/** Who may call an endpoint, as the contract says, in the metadata the auth guard reads. */
const accessOf = (access: EndpointDef['access']) =>
  access === 'public' ? [Public()] : access === 'unverified' ? [AllowUnverified()] : access ? [Roles(...access)] : [];

/**
 * Binds a handler to its contract (`@mashrou/contracts`): its method and path under `/api`, its
 * success status, who may call it (`access`: public, signed in but unverified, some roles; else any
 * signed-in, verified account), and the schemas its input is checked against (`@In.body()` and
 * friends) and its answer documented with — and, outside production, checked against
 * (ContractResponseInterceptor).
 */
export function Endpoint(e: EndpointDef) {
  return applyDecorators(
    METHODS[e.method](e.path.replace(/^\//, '')),
    HttpCode(e.status),
    SetMetadata(ENDPOINT_KEY, e),
    ...accessOf(e.access),
    ...(e.body || e.multipart ? [AcceptsBody()] : []),
  );
}

/** The contract of the handler a request is for, if it has one. */
export const endpointOf = (ctx: ExecutionContext) =>
  Reflect.getMetadata(ENDPOINT_KEY, ctx.getHandler()) as EndpointDef | undefined;

const contract = (ctx: ExecutionContext) => {
  const e = endpointOf(ctx);
  if (!e) throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} reads its input without an @Endpoint contract`);
  return e;
};
const request = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<FastifyRequest>();

/** The request's validated body, query and path parameters, by the handler's contract. */
export const In = {
  body: createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const schema = contract(ctx).body;
    if (!schema) throw new Error(`${ctx.getHandler().name}: the contract has no body`);
    return new ZodPipe(schema).transform(request(ctx).body);
  }),
  query: createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const schema = contract(ctx).query;
    if (!schema) throw new Error(`${ctx.getHandler().name}: the contract has no query`);
    return new ZodPipe(schema).transform(request(ctx).query ?? {});
  }),
  params: createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const schema = contract(ctx).params;
    if (!schema) throw new Error(`${ctx.getHandler().name}: the contract has no path parameters`);
    const parsed = (schema as z.ZodType).safeParse(request(ctx).params);
    if (!parsed.success) {
      throw new DomainError('invalid-id', 'This address names something that cannot exist (a malformed id).', 400, {
        fields: Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), [i.message]])),
      });
    }
    return parsed.data;
  }),
};
