import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response } from 'light-my-request';
import { ALL_ENDPOINTS } from '@mashrou/contracts';

/** Routes that answer a stream that stays open (Server-Sent Events): called until their head, then dropped. */
const STREAMS = new Set(ALL_ENDPOINTS.filter((e) => e.response === 'event-stream').map((e) => `/api${e.path}`));

/**
 * A browser-like caller: keeps its cookies (the session, and the device cookie a sign-in leaves)
 * and sends the header our web client sends. `ip` is the address it calls from.
 */
export class ApiClient {
  cookies = new Map<string, string>();

  constructor(
    private readonly app: NestFastifyApplication,
    readonly ip = '127.0.0.1',
  ) {}

  get cookie(): string | undefined {
    const session = this.cookies.get('mashrou_session');
    return session ? `mashrou_session=${session}` : undefined;
  }

  set cookie(value: string | undefined) {
    if (value === undefined) this.cookies.delete('mashrou_session');
    else this.cookies.set('mashrou_session', value.replace(/^mashrou_session=/, ''));
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') || undefined;
  }

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    const cookie = this.cookieHeader();
    if (method === 'GET' && STREAMS.has(url.split('?')[0] ?? ''))
      return this.streamHead(url, { ...headers, ...(cookie ? { cookie } : {}) });
    const res = await this.app.inject({
      method,
      url,
      payload: payload as never,
      remoteAddress: this.ip,
      headers: { 'x-requested-with': 'mashrou', ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const c of res.cookies) {
      if (c.value) this.cookies.set(c.name, c.value);
      else this.cookies.delete(c.name);
    }
    return res;
  }

  /**
   * A stream's answer as far as its head (status, headers; the JSON of an error): what access and
   * input checks need of it. The stream itself is dropped at once.
   */
  private async streamHead(url: string, headers: Record<string, string>) {
    const abort = new AbortController();
    const res = await this.app.inject({
      method: 'GET',
      url,
      remoteAddress: this.ip,
      headers: { 'x-requested-with': 'mashrou', ...headers },
      payloadAsStream: true,
      signal: abort.signal,
    });
    let body = '';
    if (!String(res.headers['content-type']).includes('text/event-stream')) {
      for await (const chunk of res.stream()) body += String(chunk);
    }
    abort.abort();
    // The fields callers read of an answer; nothing else of a dropped stream exists.
    const head: Pick<Response, 'statusCode' | 'headers' | 'cookies' | 'body' | 'payload' | 'rawPayload' | 'json'> = {
      statusCode: res.statusCode,
      headers: res.headers,
      cookies: [],
      body,
      payload: body,
      rawPayload: Buffer.from(body),
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the signature of Response.json
      json: <T>() => JSON.parse(body) as T,
    };
    return head as Response;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);
}
