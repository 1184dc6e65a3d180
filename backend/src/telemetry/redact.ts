import type { Attributes } from '@opentelemetry/api';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { statementShape } from './statement.js';

/** Attributes a span never leaves the process with: who the caller is, and free text that may hold data. */
const DROPPED = new Set([
  'client.address',
  'network.peer.address',
  'user_agent.original',
  'exception.message',
  'exception.stacktrace',
  'bullmq.job.failed.reason',
]);

function cleanValue(key: string, value: Attributes[string]): Attributes[string] {
  if (value === undefined || DROPPED.has(key)) return undefined;
  if (typeof value !== 'string') return value;
  // Download tokens, reset links and unsubscribe tokens travel in query strings.
  if (key === 'url.query') return value ? '[redacted]' : value;
  if (key === 'url.full' || key === 'http.url' || key === 'http.target') return value.replace(/\?.*$/s, '');
  // The ORM writes an entity's values into its insert.
  if (key === 'db.query.text' || key === 'db.statement') return statementShape(value);
  return value;
}

/** A span's attributes as they may be exported (see DROPPED and cleanValue). */
export function cleanAttributes(attributes: Attributes): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    const clean = cleanValue(key, value);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/**
 * The span as it may leave the process: attributes and events' attributes cleaned, an error's status
 * without its message (an SMTP server's refusal names the address, a database error quotes a value).
 * The span itself is not changed: the copy reads everything else from it.
 */
export function redactSpan(span: ReadableSpan): ReadableSpan {
  return Object.create(span, {
    attributes: { value: cleanAttributes(span.attributes), enumerable: true },
    events: {
      value: span.events.map((e) => (e.attributes ? { ...e, attributes: cleanAttributes(e.attributes) } : e)),
      enumerable: true,
    },
    status: { value: { code: span.status.code }, enumerable: true },
  }) as ReadableSpan;
}

/** An exporter that exports what `redactSpan` leaves of each span. */
export class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void) {
    this.inner.export(spans.map(redactSpan), done);
  }

  shutdown() {
    return this.inner.shutdown();
  }

  forceFlush() {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}
