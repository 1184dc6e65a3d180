import { Migration } from '@mikro-orm/migrations';

export class Migration0026OutboxTraceContext extends Migration {
  override up(): void {
    // Issue 33: an event carries the W3C trace context of what published it (traceparent, tracestate),
    // so the relay and the jobs continue the request's trace. Null when tracing is off.
    this.addSql('alter table outbox_events add column trace_context jsonb');
  }
}
