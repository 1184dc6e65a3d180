import type { NestFastifyApplication } from '@nestjs/platform-fastify';

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

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);
}
