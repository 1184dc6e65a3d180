/**
 * Hostile input, generated from the route table: every api route, called by a caller it lets in,
 * gets wrong types, huge strings, unicode tricks, deep nesting, prototype keys, broken JSON, the
 * wrong media type, hostile path parameters and query strings, and cookie writes without the CSRF
 * header. Every answer must be a 4xx with a `code` (or a 2xx for a harmless read) — never a 5xx —
 * and afterwards no table has changed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MikroORM } from '@mikro-orm/postgresql';
import { ALL_ENDPOINTS } from '@mashrou/contracts';
import { TestEnv } from './support/env.js';
import { ApiClient } from './support/client.js';
import { signedIn } from './support/factories.js';
import { only } from './support/items.js';
import { ANY_ID, routeTable, type Route } from './support/routes.js';

type Caller = 'anonymous' | 'student' | 'startup' | 'admin';

/** `{"a":{"a":…"bottom"…}}`, written as text (too deep for JSON.stringify). */
const deep = (levels: number) => `${'{"a":'.repeat(levels)}"bottom"${'}'.repeat(levels)}`;
const TRICKS =
  "\u202eevil\u202c \u0000 \ud800 Z\u0351\u0353a\u0336 \ufeff ｄｒｏｐ　ｔａｂｌｅ <script>alert(1)</script> ' or 1=1 --";

/** Bodies no route should accept as they are (each a JSON text). */
const HOSTILE_BODIES: [string, string][] = [
  ['array', '[]'],
  ['string', '"hello"'],
  ['number', '12345'],
  ['null', 'null'],
  [
    'wrong types',
    JSON.stringify({ email: {}, password: [], userType: 7, title: { $gt: '' }, status: ['accepted'], page: 'x', motivation: 42 }),
  ],
  [
    'huge strings',
    JSON.stringify({
      email: `${'a'.repeat(300_000)}@example.com`,
      fullName: 'x'.repeat(300_000),
      motivation: 'y'.repeat(300_000),
    }),
  ],
  [
    'unicode tricks',
    JSON.stringify({
      email: 'ａｄｍｉｎ@example.com',
      fullName: TRICKS,
      companyName: TRICKS,
      title: TRICKS,
      motivation: TRICKS,
      notes: TRICKS,
      q: TRICKS,
    }),
  ],
  [
    'nul byte everywhere',
    JSON.stringify({
      email: 'a\u0000@example.com',
      password: 'secret\u0000pass',
      fullName: 'Nul\u0000Name',
      title: 'T\u0000',
      description: 'D\u0000'.repeat(30),
      motivation: 'M\u0000'.repeat(40),
    }),
  ],
  ['deep nesting', deep(50_000)],
  ['prototype keys', '{"__proto__":{"userType":"admin"},"constructor":{"prototype":{"admin":true}}}'],
  ['malformed json', '{"email": "a@example.com", '],
  ['unknown fields', JSON.stringify({ userType: 'admin', role: 'admin', emailVerified: true, active: true, id: ANY_ID })],
];

/** Bodies and queries valid in every way but one bad character, so they reach the service. */
const NEARLY_VALID: [Caller, Route['method'], string, unknown][] = [
  [
    'anonymous',
    'POST',
    '/api/auth/signup',
    { userType: 'student', email: 'nul@example.com', password: 'secret1', fullName: 'Nul\u0000Name' },
  ],
  [
    'anonymous',
    'POST',
    '/api/auth/signup',
    { userType: 'student', email: 'half@example.com', password: 'secret1', fullName: 'Half\ud800Surrogate' },
  ],
  ['student', 'PATCH', '/api/me', { fullName: 'Nul\u0000Name' }],
  [
    'startup',
    'POST',
    '/api/projects',
    {
      title: 'Nul\u0000',
      description: 'A description long enough to pass \u0000 its checks.',
      durationWeeks: 4,
      weeklyHours: 8,
      workMode: 'remote',
      paid: false,
    },
  ],
  ['admin', 'GET', '/api/admin/users?q=%00', undefined],
  ['admin', 'GET', '/api/admin/recruitment/students?q=%00', undefined],
  ['student', 'GET', '/api/marketplace/projects?q=%00', undefined],
  ['student', 'GET', '/api/marketplace/projects?skill=%00', undefined],
];

const HOSTILE_PARAMS = [
  'not-a-uuid',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'x'.repeat(300),
  '%F0%9F%92%A5',
  "1'%20or%20'1'%3D'1",
  ANY_ID.toUpperCase().replace(/-/g, ''),
];
const HOSTILE_QUERIES = [
  'page=-1&pageSize=1000000000',
  'page=abc&pageSize=1e3',
  `q=${'%41'.repeat(20_000)}`,
  'q=%00&role=admin%00&status=pending%00',
  'role[]=admin&status[$ne]=x&__proto__[admin]=1',
  'q=%ED%A0%80&school=%E2%80%AE',
  'minScore=101&graduationYear=99999&skill=&mode=space&maxWeeks=-3&sort=drop',
];

describe('hostile input, for every route', () => {
  const env = new TestEnv({ DEV_TOOLS: 'true' });
  let api: NestFastifyApplication;
  let orm: MikroORM;
  const callers = {} as Record<Caller, ApiClient>;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
    orm = api.get(MikroORM);
    callers.anonymous = new ApiClient(api, '192.0.2.200');
    for (const role of ['student', 'startup', 'admin'] as const) callers[role] = (await signedIn(api, role)).client;
  });
  afterAll(() => env.close());

  /** Every table's rows (sessions by who they belong to only: last_seen_at moves on its own). */
  async function fingerprint() {
    const tables = await orm.em
      .fork()
      .execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
    const prints: Record<string, string> = {};
    for (const { table_name: t } of tables) {
      const expr = t === 'sessions' ? `(t.id_hash, t.user_id)::text` : `t::text`;
      const row = only(
        await orm.em
          .fork()
          .execute<{ n: string; h: string | null }[]>(
            `select count(*) as n, md5(string_agg(${expr}, ',' order by ${expr})) as h from "${t}" t`,
          ),
      );
      prints[t] = `${row.n}:${row.h}`;
    }
    return prints;
  }

  const whoMay = (r: Route): Caller[] => (r.public ? ['anonymous', 'student'] : r.roles ? [r.roles[0] as Caller] : ['student']);
  const withParams = (r: Route, value: string) => r.template.replace(/:[A-Za-z]+/g, value);
  const isWrite = (r: Route) => r.method !== 'GET';
  const ONE_CLICK = new Set(ALL_ENDPOINTS.filter((e) => e.oneClick).map((e) => `${e.method} /api${e.path}`));

  it('never answers 5xx, always names a code for a 4xx, and changes nothing', async () => {
    const routes = routeTable(api).filter((r) => r.template !== '/api/health/ready');
    expect(routes.length).toBeGreaterThan(50);
    const before = await fingerprint();
    const problems: string[] = [];
    let calls = 0;

    const check = async (
      label: string,
      caller: ApiClient,
      method: Route['method'],
      url: string,
      body?: string,
      headers: Record<string, string> = {},
      expectError = true,
    ) => {
      const res = await caller.request(method, url, body, {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      });
      calls++;
      const json = (() => {
        try {
          return res.json<{ code?: unknown }>();
        } catch {
          return undefined;
        }
      })();
      if (res.statusCode >= 500)
        problems.push(`${label}: ${method} ${url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      else if (res.statusCode >= 400 && typeof json?.code !== 'string')
        problems.push(`${label}: ${method} ${url.slice(0, 80)} → ${res.statusCode} without a code`);
      else if (expectError && res.statusCode < 400)
        problems.push(`${label}: ${method} ${url.slice(0, 80)} → accepted (${res.statusCode})`);
      return res;
    };

    for (const route of routes) {
      for (const who of whoMay(route)) {
        const caller = callers[who];
        if (isWrite(route)) {
          for (const [name, body] of HOSTILE_BODIES) await check(`${who} ${name}`, caller, route.method, route.path, body);
          await check(`${who} too large`, caller, route.method, route.path, JSON.stringify({ x: 'z'.repeat(1_200_000) }));
          await check(`${who} text/plain`, caller, route.method, route.path, 'email=a@example.com', {
            'content-type': 'text/plain',
          });
        }
        if (route.template.includes(':')) {
          for (const p of HOSTILE_PARAMS) {
            await check(
              `${who} param ${p.slice(0, 12)}`,
              caller,
              route.method,
              withParams(route, p),
              isWrite(route) ? '{}' : undefined,
            );
          }
        }
        if (route.method === 'GET') {
          // Reads may ignore what they do not use; they must still never fail or change anything.
          for (const q of HOSTILE_QUERIES) await check(`${who} query`, caller, 'GET', `${route.path}?${q}`, undefined, {}, false);
        }
      }
      // A one-click route (a mail client's unsubscribe) acts on its signed token alone, never on the
      // cookie, so it takes a post from anywhere; unsubscribe.e2e-spec.ts tries forged tokens on it.
      if (isWrite(route) && !ONE_CLICK.has(`${route.method} ${route.template}`)) {
        // A cookie write from another site, without our header: refused before anything runs.
        for (const who of ['student', 'admin'] as const) {
          if (!callers[who].cookie) {
            problems.push(`${who} lost their session before ${route.method} ${route.path}`);
            callers[who] = (await signedIn(api, who)).client;
          }
          const res = await api.inject({
            method: route.method,
            url: route.path,
            payload: '{}',
            remoteAddress: '192.0.2.201',
            headers: {
              'content-type': 'application/json',
              cookie: callers[who].cookie!,
              origin: 'https://evil.example',
              'sec-fetch-site': 'cross-site',
            },
          });
          calls++;
          if (res.statusCode !== 403 || res.json().code !== 'csrf-check-failed')
            problems.push(`csrf ${who}: ${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }

    for (const [who, method, url, body] of NEARLY_VALID) {
      await check(`${who} nearly valid`, callers[who], method, url, body === undefined ? undefined : JSON.stringify(body));
    }

    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(800);
    const after = await fingerprint();
    const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
    expect(changed).toEqual([]);
    // The callers are still who they were (no hostile request changed a role, a flag or a session).
    for (const role of ['student', 'startup', 'admin'] as const) {
      expect((await callers[role].get('/api/auth/me')).json()).toMatchObject({ user: { userType: role, emailVerified: true } });
    }
  });
});
