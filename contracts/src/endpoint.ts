import { z } from 'zod';
import type { ErrorCode, UserType } from './common.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One api route, as the web app and the api both see it: method, path (under `/api`, with
 * `:params`), the schemas of what goes in and what comes back, and the success status.
 * `response` is `null` for an empty answer (204), `'binary'` for a file download,
 * `'event-stream'` for Server-Sent Events and `'redirect'` for a redirect (a browser's navigation).
 */
export interface EndpointDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly status: number;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The body is `multipart/form-data` (a file upload), not JSON. */
  readonly multipart?: boolean;
  /**
   * RFC 8058 one-click: a mail client POSTs `List-Unsubscribe=One-Click` as a form from no page of
   * ours, so the route takes a urlencoded body (ignored) and no same-origin check. Only for a route
   * that acts on a signed token alone, never on a session cookie.
   */
  readonly oneClick?: boolean;
  readonly response: z.ZodType | null | 'binary' | 'event-stream' | 'redirect';
  /**
   * Who may call it (the api's guards enforce it: `@Public`, `@Roles`, `@AllowUnverified`): anyone
   * (`'public'`), any signed-in user even before the email is verified (`'unverified'`), only these
   * roles (verified), or, when left out, any signed-in user with a verified email.
   */
  readonly access?: 'public' | 'unverified' | readonly UserType[];
  /**
   * The error answers of this route's own use case, by status (each `{ code, message, details? }`).
   * The platform's answers (input checks, sign-in, roles, CSRF, body types) are derived from the
   * rest of the contract and need not be listed: see `errorAnswers`.
   */
  readonly errors?: EndpointErrors;
}

/** The statuses an error answer of the api may have (besides 500, which any route may give). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;
export type EndpointErrors = { readonly [S in ErrorStatus]?: readonly ErrorCode[] };

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

declare const endpointType: unique symbol;

/**
 * An endpoint as the web app calls it: its method and path, without its schemas, so that calling the
 * api builds none of them. `@mashrou/contracts/routes` holds one per endpoint, written from the
 * contract when it is built (scripts/routes.mjs); its type carries the whole definition, for the types
 * of what a call sends and gets back.
 */
export interface Route<E extends EndpointDef = EndpointDef> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** For types only, never set: the endpoint this route calls. */
  readonly [endpointType]?: E;
}

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The endpoint behind a route of `@mashrou/contracts/routes` (or the endpoint itself). */
export type EndpointOf<T extends EndpointDef | Route> = T extends EndpointDef ? T : T extends Route<infer E> ? E : never;

/** What the api answers (after the server's transforms): the web app's view. */
export type ResponseOf<T extends EndpointDef | Route> = EndpointOf<T>['response'] extends z.ZodType
  ? z.output<EndpointOf<T>['response']>
  : EndpointOf<T>['response'] extends 'binary' | 'event-stream' | 'redirect'
    ? unknown
    : undefined;
/** What a caller sends (before the server's transforms and defaults). */
export type BodyOf<T extends EndpointDef | Route> = In<EndpointOf<T>['body']>;
export type QueryOf<T extends EndpointDef | Route> = In<EndpointOf<T>['query']>;
export type ParamsOf<T extends EndpointDef | Route> = In<EndpointOf<T>['params']>;
/** What the server's handler receives once the input is validated. */
export type ValidBodyOf<E extends EndpointDef> = Out<E['body']>;
export type ValidQueryOf<E extends EndpointDef> = Out<E['query']>;
export type ValidParamsOf<E extends EndpointDef> = Out<E['params']>;
/** What the server's handler returns (before serialization). */
export type HandlerResultOf<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends null
    ? undefined
    : unknown;

/**
 * Every error answer a route can give, by status: its own (`errors`) and the platform's, derived
 * from its contract the way the api answers them —
 * - any request with a body that is neither JSON nor, on `multipart` routes, multipart: 415 (the
 *   request gate, backend `http/csrf.ts`);
 * - writes (any method but GET, `oneClick` routes aside): a cross-site request, 403 `csrf-check-failed` (the same gate); a
 *   JSON body that does not parse, 400 `malformed-json`, or is too large, 413 (Fastify's parser); a
 *   body sent to a route that takes none, 400 `unexpected-body` (backend `common/no-unexpected-body.guard.ts`);
 * - a body: 400 `invalid-body` (not a JSON object), 422 `validation-failed` (the schema); a query:
 *   422; path parameters: 400 `invalid-id` (backend `http/endpoint.ts`, `common/zod.ts`);
 * - not public: 401 `unauthenticated`; verified users only: 403 `email-not-verified`; some roles
 *   only: 403 `forbidden` (backend `identity/auth.guard.ts`);
 * - any route, while PostgreSQL or Redis is unreachable (a restart, a failover): 503 `busy`, with
 *   Retry-After (backend `common/all-exceptions.filter.ts`).
 */
export function errorAnswers(e: EndpointDef): { status: ErrorStatus; codes: ErrorCode[] }[] {
  const byStatus = new Map<ErrorStatus, Set<ErrorCode>>();
  const add = (status: ErrorStatus, ...codes: readonly ErrorCode[]) => {
    const set = byStatus.get(status) ?? new Set<ErrorCode>();
    for (const code of codes) set.add(code);
    byStatus.set(status, set);
  };
  if (e.params) add(400, 'invalid-id');
  if (e.method !== 'GET') {
    add(400, 'malformed-json');
    if (!e.body && !e.multipart) add(400, 'unexpected-body');
  }
  if (e.body) add(400, 'invalid-body');
  if (e.access !== 'public') add(401, 'unauthenticated');
  if (e.method !== 'GET' && !e.oneClick) add(403, 'csrf-check-failed');
  if (e.access !== 'public' && e.access !== 'unverified') add(403, 'email-not-verified');
  if (Array.isArray(e.access)) add(403, 'forbidden');
  if (e.method !== 'GET') add(413, 'payload-too-large');
  add(415, 'unsupported-media-type');
  if (e.body || e.query) add(422, 'validation-failed');
  add(503, 'busy');
  for (const [status, codes] of Object.entries(e.errors ?? {})) add(Number(status) as ErrorStatus, ...codes);
  return [...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, codes]) => ({ status, codes: [...codes] }));
}

/** `/projects/:id` with `{ id }` → `/projects/<id>` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(v);
  });
}
