import { context, propagation, trace, SpanKind, SpanStatusCode, type Attributes, type Span } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { BullMQOtel } from 'bullmq-otel';
import { tracingEnabled } from './tracing.js';

/**
 * The spans our own code adds to a trace: the outbox row and its relay (the part no library sees),
 * and the SMTP send. With tracing off (no SDK registered) the API is a no-op and these cost a
 * function call.
 */
const tracer = () => trace.getTracer('mashrou');

/** W3C trace context (traceparent, tracestate) as stored with an outbox row. */
export type TraceCarrier = Record<string, string>;

/**
 * The trace context an outbox row carries: a producer span under the active one (the request, the
 * job that published), so the relay and the jobs continue that trace. Null when nothing is traced.
 */
export function outboxTraceContext(eventName: string, eventId: string): TraceCarrier | null {
  // A request the sampler left out still passes its decision on (the flags travel in traceparent).
  if (!trace.getActiveSpan()) return null;
  const span = tracer().startSpan(`publish ${eventName}`, {
    kind: SpanKind.PRODUCER,
    attributes: { 'messaging.system': 'outbox', 'messaging.operation.type': 'send', 'messaging.message.id': eventId },
  });
  const carrier: TraceCarrier = {};
  propagation.inject(trace.setSpan(context.active(), span), carrier);
  span.end();
  return Object.keys(carrier).length ? carrier : null;
}

/** The active span's W3C trace context as an outbox row carries it, or null when nothing is traced. */
export function activeTraceContext(): TraceCarrier | null {
  if (!trace.getActiveSpan()) return null;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return Object.keys(carrier).length ? carrier : null;
}

/** BullMQ's own instrumentation (job spans, context carried in the job), when tracing is on. */
let bullmq: BullMQOtel | undefined;
export function queueTelemetry(): BullMQOtel | undefined {
  if (!tracingEnabled()) return undefined;
  bullmq ??= new BullMQOtel({ tracerName: 'bullmq' });
  return bullmq;
}

/**
 * The relay's span for one outbox row, a child of the row's trace context; `metadata` is that span's
 * context in the form BullMQ carries in a job's options (`telemetry.metadata`), so the job's own span
 * continues the trace. Nothing when the row has no trace context or tracing is off.
 */
export function relaySpan(row: { id: string; name: string; trace: TraceCarrier | null; occurredAt: Date }) {
  const telemetry = queueTelemetry();
  if (!telemetry || !row.trace) return undefined;
  const parent = propagation.extract(context.active(), row.trace);
  const span = tracer().startSpan(
    `relay ${row.name}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'outbox',
        'messaging.operation.type': 'send',
        'messaging.message.id': row.id,
        'mashrou.outbox.wait_ms': Math.max(0, Date.now() - row.occurredAt.getTime()),
      },
    },
    parent,
  );
  return {
    metadata: telemetry.contextManager.getMetadata(trace.setSpan(parent, span)),
    end(err?: unknown) {
      if (err) failed(span, err);
      span.end();
    },
  };
}

/** Names the request's span by its route template (the http instrumentation reads it as the response ends). */
export function nameRequestSpan(route: string) {
  const rpc = getRPCMetadata(context.active());
  if (rpc?.type === RPCType.HTTP) rpc.route = route;
}

/** Tags the span of the running job (BullMQ's `process <queue>`) with what it runs. */
export function describeJob(attributes: Attributes) {
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** Runs `fn` in a client span named `name` (an SMTP send), recording a failure. */
export async function inClientSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return fn();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await fn();
    } catch (err) {
      failed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

function failed(span: Span, err: unknown) {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/** The ids of the active span, for log lines (pino's mixin): empty when nothing is traced. */
export function traceFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId, traceFlags } = span.spanContext();
  return traceFlags & 1 ? { trace_id: traceId, span_id: spanId } : {};
}
