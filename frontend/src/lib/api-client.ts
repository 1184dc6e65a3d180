/** One typed client for the api: JSON in and out, the session cookie, and the CSRF header. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The api could not be reached at all (spec §8 network failure). */
export class NetworkError extends Error {
  readonly code = 'network-error';
  constructor() {
    super('network-error');
    this.name = 'NetworkError';
  }
}

export async function api<T>(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method,
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'mashrou', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      ...init,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  if (res.status === 204) return undefined as T;
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
    const e = (data ?? {}) as { code?: string; message?: string; details?: unknown };
    if (res.status >= 502 && !e.code) throw new NetworkError();
    throw new ApiError(res.status, e.code ?? 'unknown', e.message ?? 'An unknown error occurred', e.details);
  }
  return data as T;
}

export const get = <T>(path: string) => api<T>('GET', path);
export const post = <T>(path: string, body?: unknown) => api<T>('POST', path, body);
export const put = <T>(path: string, body?: unknown) => api<T>('PUT', path, body);
export const patch = <T>(path: string, body?: unknown) => api<T>('PATCH', path, body);

/** What to show for a failed call: the api's own message, or `fallback` (network, unexpected). */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);
