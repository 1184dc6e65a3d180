import { describe, expect, it } from '@jest/globals';
import { BatchLoader } from './batch-loader.js';

describe('BatchLoader', () => {
  it('answers the lookups of one turn with one query, each caller its own value', async () => {
    const queries: number[][] = [];
    const loader = new BatchLoader<number, string>((keys) => {
      queries.push(keys);
      return Promise.resolve(new Map(keys.filter((k) => k !== 3).map((k) => [k, `v${k}`])));
    });
    const answers = await Promise.all([loader.load(1), loader.load(2), loader.load(1), loader.load(3)]);
    expect(answers).toEqual(['v1', 'v2', 'v1', undefined]);
    expect(queries).toEqual([[1, 2, 3]]);
    // a later turn asks again (nothing is cached)
    expect(await loader.load(1)).toBe('v1');
    expect(queries).toHaveLength(2);
  });

  it('fails every caller of a failed query, and the next turn works again', async () => {
    let fail = true;
    const loader = new BatchLoader<string, number>((keys) =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve(new Map(keys.map((k) => [k, k.length]))),
    );
    const results = await Promise.allSettled([loader.load('a'), loader.load('bb')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await loader.load('ccc')).toBe(3);
  });

  it('sends a full batch at once rather than waiting for the turn to end', async () => {
    const sizes: number[] = [];
    const loader = new BatchLoader<number, number>((keys) => {
      sizes.push(keys.length);
      return Promise.resolve(new Map(keys.map((k) => [k, k])));
    }, 3);
    const all = await Promise.all([1, 2, 3, 4, 5].map((k) => loader.load(k)));
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([3, 2]);
  });
});
