import { inspect } from 'node:util';

/** Polls until `fn` returns a truthy value. */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 15_000, stepMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      const why = last instanceof Error ? String(last) : inspect(last);
      throw new Error(`condition not met in ${timeoutMs} ms${last ? `: ${why}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
