import { defineConfig } from 'vitest/config';

/** Browser journeys: playwright-core driving Debian's Chromium against a served build. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    // Guards against a hang, not a speed check (speed is benchmarked): a journey that takes 30 s here
    // took over 60 s on a CI machine half as fast with the other file's browser beside it.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // A screen refetching while the other file's browser is busy can take seconds: polls wait that long.
    expect: { poll: { timeout: 30_000 } },
    // Two files at a time (each has its own api, worker, database and queue prefix). Three were faster
    // on a machine where a screen mostly waited to settle (458 s → 392 s for all of them), but on one
    // where the two cores are busy throughout (2026-11-28: run queue 7–30, no I/O wait), a third file
    // only slowed the others: journeys 6× their time alone, a bell past its 30 s wait, a page past
    // the api's 2 s render budget (the whole phase 1,232 s, three journeys failed).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
