import { expect } from '@jest/globals';

/** Reads Server-Sent Events from a real connection until `until` holds for the `unread` events seen. */
export async function readUnread(
  url: string,
  cookie: string,
  until: (seen: number[]) => boolean,
  whileOpen?: () => Promise<void>,
) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { cookie, 'x-requested-with': 'mashrou' }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const seen: number[] = [];
  let buffer = '';
  let acted = false;
  const deadline = Date.now() + 15_000;
  try {
    while (!until(seen) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(block)?.[1];
        if (data) seen.push((JSON.parse(data) as { unread: number }).unread);
      }
      if (!acted && seen.length && whileOpen) {
        acted = true;
        await whileOpen();
      }
    }
  } finally {
    abort.abort();
  }
  return seen;
}
