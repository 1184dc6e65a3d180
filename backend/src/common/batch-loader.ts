/**
 * Lookups by key gathered per turn of the event loop and answered by one query: a worker runs
 * dozens of jobs at once, and each asking PostgreSQL on its own (a socket write and a wake-up per
 * lookup) was a large share of a mail's cost. Each caller gets its own answer (undefined when the
 * query returned nothing for its key); a failed query fails every caller in it. Nothing is kept
 * between turns: every answer is as fresh as a single lookup's.
 */
/** A canonical UUID (what `= any($1::uuid[])` accepts); anything else is simply not found. */
export const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (err: unknown) => void }[]>();
  private scheduled = false;

  constructor(
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly maxBatch = 500,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(key);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      if (this.waiting.size >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        // after the I/O callbacks of this turn: every job that got this far in it joins the query
        setImmediate(() => {
          this.flush();
        });
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const batch = this.waiting;
    if (!batch.size) return;
    this.waiting = new Map();
    // a fetch that throws at once fails its callers like one that rejects
    Promise.resolve([...batch.keys()])
      .then(this.fetch)
      .then(
        (found) => {
          for (const [key, list] of batch) for (const w of list) w.resolve(found.get(key));
        },
        (err: unknown) => {
          for (const list of batch.values()) for (const w of list) w.reject(err);
        },
      );
  }
}
