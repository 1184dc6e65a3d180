import { SpanKind, type TextMapPropagator } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace';
import { RedactingExporter } from './redact.js';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set: then the SDK exports to it over OTLP (the standard variables apply: OTEL_EXPORTER_OTLP_PROTOCOL,
 * _HEADERS, _TIMEOUT, OTEL_SERVICE_NAME, OTEL_BSP_*, OTEL_TRACES_SAMPLER_ARG; the sampler itself is ours,
 * parent-based with that ratio). Off, nothing is patched and no SDK starts.
 *
 * It must start before the modules it instruments are imported (pg, ioredis, node:http): the entry
 * points (main.ts, worker.ts) call it first and import the rest of the process afterwards. Our code is
 * ES modules, so the patching goes through import-in-the-middle's loader hooks, limited to the modules
 * the instrumentations name.
 */
let sdk: NodeSDK | undefined;

export const tracingEnabled = () => sdk !== undefined;

export function tracingEndpoint(env: NodeJS.ProcessEnv = process.env) {
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

export async function startTracing(serviceName: string) {
  const endpoint = tracingEndpoint();
  if (!endpoint || process.env.OTEL_SDK_DISABLED === 'true') return;
  const fail = (message: string): never => {
    console.error(message);
    process.exit(78);
  };
  if (!URL.canParse(endpoint)) fail(`OTEL_EXPORTER_OTLP_ENDPOINT: not a URL (${endpoint})`);
  const share = samplerRatio(process.env.OTEL_TRACES_SAMPLER_ARG);
  if (share === undefined) fail('OTEL_TRACES_SAMPLER_ARG: a share of requests between 0 and 1 (0.1 traces one in ten)');
  const protocol = (
    process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  ).trim();
  if (!['http/protobuf', 'http/json', 'grpc'].includes(protocol))
    fail(`OTEL_EXPORTER_OTLP_PROTOCOL: http/protobuf, http/json or grpc (not ${protocol})`);

  // In-thread loader hooks (module.registerHooks), wrapping only the modules instrumented below.
  const { register, supportsSyncHooks } = await import('import-in-the-middle/register-hooks.mjs');
  if (!supportsSyncHooks()) fail(`tracing needs Node.js 22.22.3 or 24.11.1 and later (this is ${process.version})`);
  register({ include: ['pg', 'pg-pool', 'ioredis', 'http', 'https'] });

  const [api, core, { NodeSDK }, sdkTrace, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }, exporter] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      otlpExporter(protocol),
    ]);
  // An export that fails (a wrong endpoint, a vendor's 401) says so on stderr, unless OTEL_LOG_LEVEL says otherwise.
  if (!process.env.OTEL_LOG_LEVEL) api.diag.setLogger(new api.DiagConsoleLogger(), api.DiagLogLevel.WARN);
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || serviceName,
    sampler: new sdkTrace.ParentBasedSampler({ root: withoutIdleLoops(new sdkTrace.TraceIdRatioBasedSampler(share), sdkTrace) }),
    // W3C trace context only (no baggage), and never from a request off the internet (ownContextOnly).
    textMapPropagator: ownContextOnly(new core.W3CTraceContextPropagator()),
    // Every span leaves through redactSpan: no caller's address, no data in statements, queries or errors.
    traceExporter: new RedactingExporter(exporter),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would be most of the traces and tell nothing.
        ignoreIncomingRequestHook: (req) => /^(\/api)?\/health\/|^\/metrics(\?|$)/.test(req.url ?? ''),
      }),
      // Statements and Redis commands are traced inside a request or a job only, never the pollers'.
      new PgInstrumentation({ requireParentSpan: true }),
      // A command's arguments are job data (addresses, names): a span keeps the command's name only.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
}

/** The OTLP exporter for the protocol asked for; it reads the endpoint, headers and timeout from the OTEL_* variables. */
async function otlpExporter(protocol: string): Promise<SpanExporter> {
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

/**
 * W3C trace context from our own carriers only (an outbox row, a job): a request's headers (they carry
 * `host`) are not believed, so a caller on the internet can neither force its requests to be traced
 * nor pick the trace id our logs show. A trace starts at the api.
 */
function ownContextOnly(w3c: TextMapPropagator): TextMapPropagator {
  return {
    inject: (ctx, carrier, setter) => {
      w3c.inject(ctx, carrier, setter);
    },
    extract: (ctx, carrier, getter) => (getter.get(carrier, 'host') === undefined ? w3c.extract(ctx, carrier, getter) : ctx),
    fields: () => w3c.fields(),
  };
}

/** OTEL_TRACES_SAMPLER_ARG: the share of requests traced (1 when unset); undefined when it is not a share. */
export function samplerRatio(arg: string | undefined): number | undefined {
  if (arg === undefined || arg.trim() === '') return 1;
  const n = Number(arg);
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}

/**
 * BullMQ's workers open an internal span on each fetch and each stalled-jobs check, also when there was
 * nothing to do: a trace of its own every few seconds per queue. An internal span that starts a trace
 * is dropped; one under a job (its fetch, its commands) is kept.
 */
function withoutIdleLoops(inner: Sampler, sdkTrace: typeof import('@opentelemetry/sdk-trace')): Sampler {
  return {
    shouldSample: (...args) =>
      args[3] === SpanKind.INTERNAL ? { decision: sdkTrace.SamplingDecision.NOT_RECORD } : inner.shouldSample(...args),
    toString: () => `WithoutIdleLoops{${inner.toString()}}`,
  };
}

/** Exports what is still buffered; called as the process stops. */
export async function stopTracing() {
  const running = sdk;
  sdk = undefined;
  await running?.shutdown().catch((err: unknown) => {
    console.error('tracing: export at shutdown failed:', err instanceof Error ? err.message : err);
  });
}
