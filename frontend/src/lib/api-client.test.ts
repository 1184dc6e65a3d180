import { afterEach, describe, expect, it, vi } from 'vitest';
import { admin, identity } from '@mashrou/contracts/routes';
import { call, queryString } from './api-client';
import { ApiError, NetworkError } from './errors';

afterEach(() => vi.unstubAllGlobals());

const answer = (body: unknown, status = 200) => vi.fn(() => Promise.resolve(Response.json(body, { status })));
const sent = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls[0] as [string, RequestInit];

describe('call(endpoint)', () => {
  it('builds the URL from the path, its params and the set query values', async () => {
    const fetchMock = answer({ items: [], total: 0, page: 1, pageSize: 20 });
    vi.stubGlobal('fetch', fetchMock);
    await call(admin.candidates, {
      params: { id: 'p 1' },
      query: { school: '', graduationYear: undefined, minScore: 0, notApplied: 'true', page: 2 },
    });
    const [url, init] = sent(fetchMock);
    expect(url).toBe('/api/admin/recruitment/projects/p%201/candidates?minScore=0&notApplied=true&page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toEqual({ 'x-requested-with': 'mashrou', 'accept-language': 'en' });
  });

  it('asks for texts in the language the page shows', async () => {
    const fetchMock = answer({ user: null }, 200);
    vi.stubGlobal('fetch', fetchMock);
    document.documentElement.lang = 'ar';
    try {
      await call(identity.me).catch(() => undefined);
    } finally {
      document.documentElement.lang = 'en';
    }
    expect((sent(fetchMock)[1].headers as Record<string, string>)['accept-language']).toBe('ar');
  });

  it('sends the body as JSON and answers the response', async () => {
    const fetchMock = answer({ valid: true }, 200);
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(identity.confirmCode, { body: { email: 'a@b.co', code: '123456' } })).resolves.toEqual({ valid: true });
    const [url, init] = sent(fetchMock);
    expect(url).toBe('/api/verify-email/confirm');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'x-requested-with': 'mashrou', 'accept-language': 'en', 'content-type': 'application/json' });
    expect(init.body).toBe('{"email":"a@b.co","code":"123456"}');
  });

  it('answers undefined for 204', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    await expect(call(identity.signOut)).resolves.toBeUndefined();
  });

  it("rejects with the api's code, status and details; a code the contract does not list is 'unknown'", async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: 'validation-failed', message: 'Some fields are invalid', details: { fields: { email: ['x'] } } }, 422),
    );
    const err: unknown = await call(identity.me).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, code: 'validation-failed', details: { fields: { email: ['x'] } } });

    vi.stubGlobal('fetch', answer({ code: 'no-such-code', message: 'x' }, 400));
    await expect(call(identity.me)).rejects.toMatchObject({ code: 'unknown', status: 400 });
  });

  it('a failed connection or a proxy error page is a NetworkError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(identity.me)).rejects.toBeInstanceOf(NetworkError);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 }))),
    );
    await expect(call(identity.me)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('queryString', () => {
  it('leaves out undefined and empty values and encodes the rest', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: '', skill: undefined })).toBe('');
    expect(queryString({ q: 'data & ai', paid: false, page: 1 })).toBe('?q=data+%26+ai&paid=false&page=1');
  });
});
