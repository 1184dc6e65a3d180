import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, backoffDelay, isRetryable } from './upload';

describe('upload retries (spec §8, §9)', () => {
  it('retries on 5xx, 408, 429 and network failures only', () => {
    for (const s of [0, 500, 502, 503, 408, 429]) expect(isRetryable(s)).toBe(true);
    for (const s of [400, 401, 402, 403, 404, 413, 415]) expect(isRetryable(s)).toBe(false);
  });

  it('doubles up to 64 s, with jitter between half and all of the step', () => {
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(10, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelay(20, () => 0)).toBe(MAX_BACKOFF_MS / 2);
  });
});
