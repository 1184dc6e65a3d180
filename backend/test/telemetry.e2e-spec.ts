import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import { TestEnv, eventually, exitOf, waitForOutput } from './support/env.js';
import { freePort } from './support/free-port.js';

/** A span as OTLP/JSON carries it, with its process's service name. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

/**
 * An OTLP/HTTP trace receiver in memory: what a collector would get from the processes' exporters
 * (OTEL_EXPORTER_OTLP_PROTOCOL=http/json, so the test reads it without protobuf).
 */
class TraceReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly bodies: string[] = [];
  private server?: Server;

  async start(port: number) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') this.take(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => this.server?.listen(port, '127.0.0.1', r));
  }

  close() {
    return new Promise((r) => this.server?.close(r));
  }

  private take(body: string) {
    this.bodies.push(body);
    type Attr = { key: string; value: Record<string, unknown> };
    const parsed = JSON.parse(body) as {
      resourceSpans: {
        resource: { attributes: Attr[] };
        scopeSpans: { spans: (Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes: Attr[] })[] }[];
      }[];
    };
    const flat = (attrs: Attr[]) => Object.fromEntries(attrs.map((a) => [a.key, Object.values(a.value)[0]]));
    for (const rs of parsed.resourceSpans) {
      const service = String(flat(rs.resource.attributes)['service.name']);
      for (const ss of rs.scopeSpans)
        for (const s of ss.spans) this.spans.push({ ...s, service, attributes: flat(s.attributes) });
    }
  }
}

const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;
const CLIENT = 3;

/**
 * The compiled api and worker with tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), as an operator runs them:
 * one request that asks for a mail is one trace, from the HTTP request through the outbox row, the
 * relay and the job to the SMTP send.
 */
describe('traces (OpenTelemetry)', () => {
  const env = new TestEnv();
  const receiver = new TraceReceiver();
  let api: ChildProcess;
  let worker: ChildProcess;
  let base = '';
  let opsPort = 0;

  beforeAll(async () => {
    await env.start();
    const otlpPort = await freePort();
    await receiver.start(otlpPort);
    const otel = {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const port = await freePort();
    opsPort = await freePort();
    api = env.spawnScript('dist/main.js', { PORT: String(port), OPS_PORT: String(opsPort), ...otel });
    worker = env.spawnWorker(otel);
    await Promise.all([waitForOutput(api, /api listening/), waitForOutput(worker, /worker started/)]);
    base = `http://127.0.0.1:${port}/api`;
  });
  afterAll(async () => {
    const running = [api, worker].filter((p) => p.exitCode === null && p.signalCode === null);
    for (const p of running) p.kill('SIGTERM');
    await Promise.all(running.map(exitOf));
    await receiver.close();
    await env.close();
  });

  it('a mail asked for over HTTP is one trace: request → outbox row → relay → job → SMTP send, and its log lines carry the trace id', async () => {
    let apiLog = '';
    api.stdout?.on('data', (c: Buffer) => (apiLog += c.toString()));
    const to = `traced-${Date.now()}@example.com`;
    const res = await fetch(`${base}/dev/test-email?token=secret-in-query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'mashrou' },
      body: JSON.stringify({ to }),
    });
    expect(res.status).toBe(202);
    await env.smtp.waitFor(1, 20_000);

    // The request's server span, named by its route template.
    const request = await eventually(
      () => receiver.spans.find((s) => s.kind === SERVER && s.name === 'POST /api/dev/test-email'),
      20_000,
    );
    if (!request) throw new Error('no request span');
    const traceId = request.traceId;
    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const smtp = await eventually(() => inTrace().find((s) => s.name === 'smtp send'), 20_000);
    if (!smtp) throw new Error('no smtp span');

    // Every step is a child of the one before, across the two processes.
    const byId = new Map(inTrace().map((s) => [s.spanId, s]));
    const chain: string[] = [];
    for (let s: ReceivedSpan | undefined = smtp; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined)
      chain.unshift(`${s.service}: ${s.name}`);
    expect(chain).toEqual([
      'mashrou-api: POST /api/dev/test-email',
      'mashrou-api: publish TestEmailRequested',
      'mashrou-worker: relay TestEmailRequested',
      'mashrou-worker: process notifications',
      'mashrou-worker: smtp send',
    ]);
    const spans = inTrace();
    const kinds = Object.fromEntries(spans.map((s) => [s.name, s.kind]));
    expect(kinds).toMatchObject({
      'publish TestEmailRequested': PRODUCER,
      'relay TestEmailRequested': PRODUCER,
      'process notifications': CONSUMER,
      'smtp send': CLIENT,
    });
    expect(spans.find((s) => s.name === 'process notifications')?.attributes).toMatchObject({
      'mashrou.event': 'TestEmailRequested',
      'mashrou.handler': expect.any(String),
    });
    // The statements and Redis commands of the request and of the job are in the trace too.
    expect(spans.some((s) => s.service === 'mashrou-api' && s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(spans.some((s) => s.service === 'mashrou-worker' && s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(
      spans.some(
        (s) =>
          s.service === 'mashrou-worker' && /redis/.test(String(s.attributes['db.system.name'] ?? s.attributes['db.system'])),
      ),
    ).toBe(true);
    // The SMTP span names the server's host, never the URL with its password.
    expect(smtp.attributes['server.address']).toBe('127.0.0.1');

    // The query string never leaves the process: it may hold a token.
    expect(request.attributes['url.query']).toBe('[redacted]');
    expect(receiver.bodies.join('')).not.toContain('secret-in-query');
    // Nor does the address the mail went to.
    expect(receiver.bodies.join('')).not.toContain(to);

    // The outbox row kept the request's context (a W3C traceparent of this trace).
    const orm = (await env.api()).get(MikroORM);
    const rows = await orm.em
      .fork()
      .getConnection()
      .execute<{ trace_context: { traceparent: string } }[]>(
        `select trace_context from outbox_events where name = 'TestEmailRequested' and payload->>'to' = ?`,
        [to],
      );
    expect(rows[0]?.trace_context.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    // The request's log line says which trace it belongs to.
    await eventually(() => apiLog.includes(traceId), 5_000);
    const line = apiLog.split('\n').find((l) => l.includes(traceId) && l.includes('request completed'));
    expect(line && (JSON.parse(line) as { trace_id: string }).trace_id).toBe(traceId);
  });

  it("probes and scrapes are not traced, nor are the workers' idle loops (fetching nothing, checking for stalled jobs)", async () => {
    const before = receiver.spans.length;
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${opsPort}/metrics`)).status).toBe(200);
    }
    // Longer than a worker's stalled-jobs check (half the job lock) and its blocking fetch.
    await new Promise((r) => setTimeout(r, 6000));
    const since = receiver.spans.slice(before);
    expect(
      since.filter((s) =>
        /health|metrics|getNextJob|stalled|StalledCheck/i.test(`${s.name} ${String(s.attributes['url.path'])}`),
      ),
    ).toEqual([]);
    // No statement or command without a request or a job above it.
    const orphans = receiver.spans.filter((s) => /^(pg|evalsha|bzpopmin|brpoplpush)/.test(s.name) && !s.parentSpanId);
    expect(orphans.map((s) => s.name)).toEqual([]);
  });

  it("a caller's trace headers are not believed: its request starts a trace of ours, and no baggage is kept", async () => {
    const theirs = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    const res = await fetch(`${base}/dev/test-email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'mashrou',
        traceparent: `00-${theirs}-bbbbbbbbbbbbbbbb-01`,
        baggage: 'secret=kept-nowhere',
      },
      body: JSON.stringify({ to: `caller-${Date.now()}@example.com` }),
    });
    expect(res.status).toBe(202);
    const request = await eventually(
      () => receiver.spans.filter((s) => s.kind === SERVER && s.name === 'POST /api/dev/test-email').at(-1),
      20_000,
    );
    expect(request?.traceId).not.toBe(theirs);
    expect(request?.parentSpanId ?? '').toBe('');
    await eventually(() => receiver.spans.some((s) => s.traceId === request?.traceId && s.name === 'smtp send'), 20_000);
    expect(receiver.spans.some((s) => s.traceId === theirs)).toBe(false);
    expect(receiver.bodies.join('')).not.toContain('kept-nowhere');
  });
});
