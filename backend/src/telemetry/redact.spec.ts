import { describe, expect, it } from '@jest/globals';
import { SpanStatusCode } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { cleanAttributes, redactSpan } from './redact.js';

class FakeSpan {
  name = 'smtp send';
  attributes = {
    'client.address': '203.0.113.9',
    'user_agent.original': 'Mozilla/5.0',
    'url.query': 'token=abc',
    'url.full': 'https://bucket.s3.amazonaws.com/files/x?X-Amz-Signature=s&token=abc',
    'db.query.text': "insert into users (email) values ('ana@example.com')",
    'server.address': '127.0.0.1',
    'http.response.status_code': 202,
  };
  events = [
    { name: 'exception', time: [0, 0], attributes: { 'exception.type': 'Error', 'exception.message': '550 <ana@example.com>' } },
  ];
  status = { code: SpanStatusCode.ERROR, message: '550 5.1.1 <ana@example.com>: no such user' };
  spanContext() {
    return { traceId: 't', spanId: 's', traceFlags: 1 };
  }
}

describe('redactSpan', () => {
  it('keeps what says what happened, never who or with what data', () => {
    const span = new FakeSpan() as unknown as ReadableSpan;
    const out = redactSpan(span);
    expect(out.attributes).toEqual({
      'url.query': '[redacted]',
      'url.full': 'https://bucket.s3.amazonaws.com/files/x',
      'db.query.text': 'insert into users (email) values (?)',
      'server.address': '127.0.0.1',
      'http.response.status_code': 202,
    });
    expect(out.events[0]?.attributes).toEqual({ 'exception.type': 'Error' });
    expect(out.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(JSON.stringify({ ...out, a: out.attributes, e: out.events, s: out.status })).not.toContain('ana@');
    // Everything else is the span's own, methods included; the span is not changed.
    expect(out.name).toBe('smtp send');
    expect(out.spanContext().spanId).toBe('s');
    expect(span.attributes['client.address']).toBe('203.0.113.9');
  });

  it('leaves an empty query empty', () => {
    expect(cleanAttributes({ 'url.query': '' })).toEqual({ 'url.query': '' });
  });
});
