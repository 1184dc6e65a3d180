/**
 * One typed client for the api (its contract is `@mashrou/contracts`): `call(<area>.<name>, { params,
 * query, body })`, with the area from `@mashrou/contracts/routes` (each endpoint's method and path, no
 * schema), builds the URL from the endpoint's path, sends JSON with the session cookie and the CSRF
 * header, and answers the endpoint's response type.
 */
import type { BodyOf, EndpointDef, ErrorCode, ParamsOf, QueryOf, ResponseOf, Route } from '@mashrou/contracts';
import { fillPath } from '@mashrou/contracts/routes';
import { ERROR_CODES } from '@mashrou/contracts/values';
import { ApiError, NetworkError } from './errors';

/** `{ K: V }` when the endpoint takes it (optional when `optional`), and nothing otherwise. */
type Part<K extends string, V, Optional extends boolean = false> = [V] extends [never]
  ? { [P in K]?: never }
  : Optional extends true
    ? { [P in K]?: V }
    : { [P in K]: V };

/**
 * What one call sends: the path's params, the query (every field optional) and the JSON body; `signal`
 * cancels it; `keepalive` lets it finish after the page is left (a decision sent as the page closes).
 */
export type CallInput<E extends EndpointDef> = Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>, true> &
  Part<'body', BodyOf<E>> & { signal?: AbortSignal; keepalive?: boolean };
type CallArgs<E extends EndpointDef> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** How a request reaches the api: the browser's `fetch`, or, rendering a page on the server, the api itself. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (url, init) => fetch(url, init);

/** The server renderer's way to the api (src/entry-server.tsx); the browser keeps `fetch`. */
export function setTransport(next: Transport) {
  transport = next;
}

/** The api's error code, or `unknown` for anything the contract does not list. */
export const toErrorCode = (code: unknown): ErrorCode | 'unknown' =>
  typeof code === 'string' && KNOWN_CODES.has(code) ? (code as ErrorCode) : 'unknown';

/** `?a=1&b=x` from the values that are set (undefined and empty values are left out). */
export function queryString(query: Record<string, unknown> = {}): string {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value !== '')) {
      pairs.push([key, String(value)]);
    }
  }
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

async function request(
  method: string,
  url: string,
  body: unknown,
  { signal, keepalive }: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await transport(url, {
      method,
      credentials: 'same-origin',
      headers: {
        'x-requested-with': 'mashrou',
        // The language shown (set on the document by lib/i18n): the api answers texts it owns in it.
        'accept-language': (typeof document !== 'undefined' && document.documentElement.lang) || 'en',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal,
      keepalive,
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }
  if (res.status === 204) return undefined;
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page: the api is not answering.
    if (res.status >= 500) throw new NetworkError();
    throw new ApiError(res.status, 'invalid-response', 'An unknown error occurred');
  }
  if (!res.ok) {
    const e = (data ?? {}) as { code?: unknown; message?: unknown; details?: unknown };
    if (res.status >= 502 && !e.code) throw new NetworkError();
    throw new ApiError(
      res.status,
      toErrorCode(e.code),
      typeof e.message === 'string' ? e.message : 'An unknown error occurred',
      e.details,
    );
  }
  return data;
}

/** Calls one endpoint of the contract; rejects with `ApiError` (the api said no) or `NetworkError`. */
export async function call<E extends EndpointDef>(endpoint: Route<E>, ...[input]: CallArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal, keepalive } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    keepalive?: boolean;
  };
  const url = `/api${fillPath(endpoint.path, params)}${queryString(query)}`;
  const data = await request(endpoint.method, url, body, { signal, keepalive });
  // The contract describes the answer; it is not parsed again here.
  return data as ResponseOf<E>;
}
