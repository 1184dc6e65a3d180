import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BACKEND_DIR, TestEnv } from './support/env.js';

describe('HTTP platform', () => {
  const env = new TestEnv({ BODY_LIMIT_BYTES: '2048' });
  let api: NestFastifyApplication;

  beforeAll(async () => {
    await env.start();
    api = await env.api();
  });
  afterAll(() => env.close());

  it('GET /api/health/ready reports PostgreSQL, Redis, the outbox and the process; /live asks nothing', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      details: {
        database: { status: 'up', responseTime: expect.any(Number) },
        redis: { status: 'up', responseTime: expect.any(Number) },
        outbox: { status: 'up', oldestPendingSeconds: expect.any(Number) },
        process: { status: 'up' },
      },
    });
    const live = await api.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('readiness answers 503 and names Redis when Redis is unreachable; liveness stays 200', async () => {
    const env2 = await new TestEnv({ REDIS_URL: 'redis://127.0.0.1:1' }).start();
    try {
      const api2 = await env2.api();
      const res = await api2.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      // Up or down, never why (no internal error text to an anonymous caller).
      expect(res.json()).toEqual({
        status: 'error',
        details: {
          database: { status: 'up', responseTime: expect.any(Number) },
          redis: { status: 'down', responseTime: expect.any(Number) },
          outbox: { status: 'up', oldestPendingSeconds: expect.any(Number) },
          process: { status: 'up' },
        },
      });
      // A dependency away is no reason to restart the process.
      expect((await api2.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await env2.close();
    }
  });

  it('unknown routes are 404 in the error shape', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'not-found', message: 'No such route' });
  });

  it('a malformed JSON body is a 400 malformed-json', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
      payload: '{"to": "a@example.com"',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'malformed-json' });
  });

  it('an oversized body is a 413 and changes nothing', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: { to: 'big@example.com', note: 'x'.repeat(5000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload-too-large' });
    const rows = await api
      .get((await import('@mikro-orm/postgresql')).MikroORM)
      .em.fork()
      .execute('select 1 from outbox_events');
    expect(rows).toHaveLength(0);
  });

  it('unknown fields and invalid values are a 422 with field errors', async () => {
    const res = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: { to: 'not-an-email', role: 'admin' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; details: { fields: Record<string, string[]> } }>();
    expect(body.code).toBe('validation-failed');
    expect(Object.keys(body.details.fields).sort()).toEqual(['role', 'to']);
  });

  it('a body that is not a JSON object is a 400, other media types a 415', async () => {
    const arr = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'x-requested-with': 'mashrou' },
      payload: [1, 2],
    });
    expect(arr.statusCode).toBe(400);
    expect(arr.json()).toMatchObject({ code: 'invalid-body' });
    const text = await api.inject({
      method: 'POST',
      url: '/api/dev/test-email',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported-media-type' });
  });

  it('responses carry security headers, a request id, and CORS only for the web origin', async () => {
    const res = await api.inject({ method: 'GET', url: '/api/health/live', headers: { origin: 'http://localhost:5173' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // No inline or foreign script, no framing, no plugins, forms only to us.
    expect(csp).toMatch(/script-src 'self' 'inline-speculation-rules'(;|$)/);
    for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"])
      expect(csp).toContain(d);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // HSTS only in production (below).
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const evil = await api.inject({ method: 'GET', url: '/api/health/live', headers: { origin: 'https://evil.example' } });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const given = await api.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
  });

  it('serves OpenAPI at /api/docs; Bull Board at /admin/queues needs a session', async () => {
    const doc = await api.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/health/live', '/api/health/ready', '/api/dev/test-email']),
    );
    const ui = await api.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    const board = await api.inject({ method: 'GET', url: '/admin/queues/api/queues' });
    expect(board.statusCode).toBe(401);
    expect(board.json()).toMatchObject({ code: 'unauthenticated' });
  });

  it('in production, the dev test-email endpoint is not mounted', async () => {
    const prod = await env.api({ NODE_ENV: 'production', APP_SECRET: 'Hq7Zr2Kx9Lm4Vt8Nb3Wc6Yd1Fg5Js0Pa' });
    expect(
      (
        await prod.inject({
          method: 'POST',
          url: '/api/dev/test-email',
          headers: { 'x-requested-with': 'mashrou' },
          payload: { to: 'a@example.com' },
        })
      ).statusCode,
    ).toBe(404);
    // Production is served over HTTPS: browsers are told to keep to it.
    const health = await prod.inject({ method: 'GET', url: '/api/health/live' });
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('a malformed variable stops the process with a message naming it', () => {
    const run = spawnSync(process.execPath, ['dist/main.js'], {
      cwd: BACKEND_DIR,
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty', DATABASE_URL: 'mysql://x' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('PORT');
    expect(run.stderr).toContain('DATABASE_URL');
  });
});
