import { describe, expect, it } from '@jest/globals';
import { batchLoader, isUuid } from './batch-loader.js';

describe('batchLoader', () => {
  it('answers the lookups of one turn with one query, undefined for an id not found, nothing cached', async () => {
    const queries: (readonly string[])[] = [];
    const loader = batchLoader((ids) => {
      queries.push(ids);
      return Promise.resolve(new Map(ids.filter((id) => id !== 'c').map((id) => [id, `v-${id}`])));
    });
    expect(await Promise.all([loader.load('a'), loader.load('b'), loader.load('c')])).toEqual(['v-a', 'v-b', undefined]);
    expect(queries).toEqual([['a', 'b', 'c']]);
    expect(await loader.load('a')).toBe('v-a');
    expect(queries).toHaveLength(2);
  });

  it('tells a UUID from anything else a job could carry', () => {
    expect(isUuid('0b6f3c1e-8a2d-4c3b-9e1f-2a3b4c5d6e7f')).toBe(true);
    expect(isUuid('0B6F3C1E-8A2D-4C3B-9E1F-2A3B4C5D6E7F')).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid("0b6f3c1e-8a2d-4c3b-9e1f-2a3b4c5d6e7f' or 1=1")).toBe(false);
  });
});
