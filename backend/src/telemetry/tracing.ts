import { SpanKind } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { Sampler } from '@opentelemetry/sdk-trace';
import { statementShape } from './statement.js';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set: then the SDK exports to it over OTLP (the standard OTEL_* variables apply: protocol, headers,
 * sampler, service name). Off, nothing is loaded or patched.
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
  if (!URL.canParse(endpoint)) {
    console.error(`OTEL_EXPORTER_OTLP_ENDPOINT: not a URL (${endpoint})`);
    process.exit(78);
  }
  // In-thread loader hooks (module.registerHooks), wrapping only the modules instrumented below.
  const { register } = await import('import-in-the-middle/register-hooks.mjs');
  register({ include: ['pg', 'pg-pool', 'ioredis', 'http', 'https'] });

  const [{ NodeSDK }, trace, { HttpInstrumentation }, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || serviceName,
    sampler: new trace.ParentBasedSampler({ root: withoutIdleLoops(new trace.TraceIdRatioBasedSampler(ratio()), trace) }),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes would be most of the traces and tell nothing.
        ignoreIncomingRequestHook: (req) => /^\/(api\/)?health\//.test(req.url ?? ''),
        // Download tokens, reset links and unsubscribe tokens travel in query strings: a span keeps the path only.
        applyCustomAttributesOnSpan: (span, request) => {
          if ('url' in request && request.url?.includes('?')) span.setAttribute('url.query', '[redacted]');
        },
      }),
      // Statements and Redis commands are traced inside a request or a job only, never the pollers'.
      new PgInstrumentation({
        requireParentSpan: true,
        requestHook: (span, { query }) => {
          span.setAttribute('db.query.text', statementShape(query.text));
        },
      }),
      // A command's arguments are job data (addresses, names): a span keeps the command's name only.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
}

/** OTEL_TRACES_SAMPLER_ARG: the share of requests traced (1 by default); what they cause follows their decision. */
function ratio() {
  const arg = Number(process.env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  return Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
}

/**
 * BullMQ's workers open an internal span on each fetch and each stalled-jobs check, also when there was
 * nothing to do: a trace of its own every few seconds per queue. An internal span that starts a trace
 * is dropped; one under a job (its fetch, its commands) is kept.
 */
function withoutIdleLoops(inner: Sampler, trace: typeof import('@opentelemetry/sdk-trace')): Sampler {
  return {
    shouldSample: (...args) =>
      args[3] === SpanKind.INTERNAL ? { decision: trace.SamplingDecision.NOT_RECORD } : inner.shouldSample(...args),
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
