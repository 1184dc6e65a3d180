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
import type { EndpointDef, HandlerResultOf } from '@mashrou/contracts';
import type { z } from 'zod';
import { DomainError } from '../common/errors.js';
import { AllowUnverified, Public, Roles } from '../common/auth.js';
import { AcceptsBody, ZodPipe } from '../common/zod.js';

export const ENDPOINT_KEY = 'http:endpoint';

const METHODS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

/** Who may call an endpoint, as the contract says, in the metadata the auth guard reads. */
const accessOf = (access: EndpointDef['access']) =>
  access === 'public' ? [Public()] : access === 'unverified' ? [AllowUnverified()] : access ? [Roles(...access)] : [];

/** What a handler of `E` returns: its contract's answer or a promise of it (of nothing, for an empty answer). */
type Answer<E extends EndpointDef> = E['response'] extends null
  ? Promise<void>
  : HandlerResultOf<E> | Promise<HandlerResultOf<E>>;
type HandlerOf<E extends EndpointDef> = (...args: never[]) => Answer<E>;
/**
 * The named keys of `T`, at any depth, that `S` lacks: the excess-property check a return
 * annotation made (on every answer, not only object literals; keys of index signatures are free).
 */
type Excess<T, S> = unknown extends S
  ? never
  : T extends readonly (infer I)[]
    ? S extends readonly (infer J)[]
      ? Excess<I, J>
      : never
    : T extends object
      ? Named<Exclude<keyof T, KeyOf<S>>> | { [K in keyof T & KeyOf<S>]-?: Excess<T[K], ValueAt<S, K>> }[keyof T & KeyOf<S>]
      : never;
type KeyOf<S> = S extends object ? keyof S : never;
type ValueAt<S, K> = S extends object ? (K extends keyof S ? S[K] : never) : never;
type Named<K> = K extends unknown ? (string extends K ? never : number extends K ? never : K) : never;
type ExcessOf<E extends EndpointDef, H extends HandlerOf<E>> = Excess<Awaited<ReturnType<H>>, HandlerResultOf<E>>;
type NoExcess<E extends EndpointDef, H extends HandlerOf<E>> = [ExcessOf<E, H>] extends [never]
  ? unknown
  : { answersOutsideContract: ExcessOf<E, H> };

/**
 * Binds a handler to its contract (`@mashrou/contracts`): its method and path under `/api`, its
 * success status, who may call it (`access`: public, signed in but unverified, some roles; else any
 * signed-in, verified account), and the schemas its input is checked against (`@In.body()` and
 * friends) and its answer documented with — and, outside production, checked against
 * (ContractCheckInterceptor). The compiler checks the handler returns what the contract answers.
 */
export function Endpoint<E extends EndpointDef>(e: E) {
  return applyDecorators(
    METHODS[e.method](e.path.replace(/^\//, '')),
    HttpCode(e.status),
    SetMetadata(ENDPOINT_KEY, e),
    ...accessOf(e.access),
    ...(e.body || e.multipart ? [AcceptsBody()] : []),
  ) as <H extends HandlerOf<E>>(
    target: object,
    key: string | symbol,
    handler: TypedPropertyDescriptor<H> & NoExcess<E, H>,
  ) => void;
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
