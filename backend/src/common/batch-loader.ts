import DataLoader from 'dataloader';

/** A canonical UUID (what `= any($1::uuid[])` accepts); anything else is simply not found. */
export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * Lookups by id gathered per turn of the event loop and answered by one query (`dataloader`): a
 * worker runs dozens of jobs at once, and each asking PostgreSQL on its own was a large share of a
 * mail's cost. Nothing is cached between batches, so every answer is as fresh as a single lookup's;
 * an id the query did not return is `undefined`.
 */
export function batchLoader<V>(fetch: (ids: readonly string[]) => Promise<Map<string, V>>) {
  return new DataLoader<string, V | undefined>(
    async (ids) => {
      const found = await fetch(ids);
      return ids.map((id) => found.get(id));
    },
    // after the I/O callbacks of this turn: every job that got this far in it joins the query
    { cache: false, maxBatchSize: 500, batchScheduleFn: (run) => setImmediate(run) },
  );
}
