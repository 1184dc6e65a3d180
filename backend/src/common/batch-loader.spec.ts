import { describe, expect, it } from '@jest/globals';
import { BatchLoader, isUuid } from './batch-loader.js';

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
  it('fails the callers of a fetch that throws at once, instead of leaving them waiting', async () => {
    const loader = new BatchLoader<string, number>(() => {
      throw new Error('bad query');
    });
    await expect(loader.load('a')).rejects.toThrow('bad query');
  });

  it('tells a UUID from anything else a job could carry', () => {
    expect(isUuid('0b6f3c1e-8a2d-4c3b-9e1f-2a3b4c5d6e7f')).toBe(true);
    expect(isUuid('0B6F3C1E-8A2D-4C3B-9E1F-2A3B4C5D6E7F')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid("0b6f3c1e-8a2d-4c3b-9e1f-2a3b4c5d6e7f' or 1=1")).toBe(false);
  });
});
