import type { Answer, Caller } from './shared-factories.js';

/**
 * ApiClient's twin over real HTTP, for a running api (browser journeys): keeps its cookies (the
 * session, the device cookie) and sends the header our web client sends.
 */
export class HttpClient implements Caller {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        'x-requested-with': 'mashrou',
        ...(cookie ? { cookie } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      if (value && !/max-age=0\b/i.test(line)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const body = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the signature of Answer.json
    return { statusCode: res.status, body, json: <T>() => JSON.parse(body) as T };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body);

  /** Signs in (a new client, or after `signOut`); fails unless the api says 200. */
  async signIn(email: string, password: string) {
    const res = await this.post('/api/auth/signin', { email, password });
    if (res.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${res.statusCode} ${res.body}`);
    return this;
  }
}
