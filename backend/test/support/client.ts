import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** A browser-like caller: keeps the session cookie and sends the header our web client sends. */
export class ApiClient {
  cookie?: string;

  constructor(private readonly app: NestFastifyApplication) {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await this.app.inject({
      method,
      url,
      payload: payload as never,
      headers: { 'x-requested-with': 'mashrou', ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    const set = res.cookies.find((c) => c.name === 'mashrou_session');
    if (set) this.cookie = set.value ? `mashrou_session=${set.value}` : undefined;
    return res;
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
}
