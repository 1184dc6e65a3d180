import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One api route, as the web app and the api both see it: method, path (under `/api`, with
 * `:params`), the schemas of what goes in and what comes back, and the success status.
 * `response` is `null` for an empty answer (204), `'binary'` for a file download and
 * `'event-stream'` for Server-Sent Events.
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
  readonly response: z.ZodType | null | 'binary' | 'event-stream';
}

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** What the api answers (after the server's transforms): the web app's view. */
export type ResponseOf<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'binary' | 'event-stream'
    ? unknown
    : undefined;
/** What a caller sends (before the server's transforms and defaults). */
export type BodyOf<E extends EndpointDef> = In<E['body']>;
export type QueryOf<E extends EndpointDef> = In<E['query']>;
export type ParamsOf<E extends EndpointDef> = In<E['params']>;
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

/** `/projects/:id` with `{ id }` → `/projects/<id>` (each value URL-encoded). */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(v);
  });
}
