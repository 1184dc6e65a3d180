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
    // Three files at a time (each has its own api, worker, database and queue prefix): most of a screen's
    // time is spent waiting for it to settle, so three fit on two cores (458 s → 392 s for all of them here).
    fileParallelism: true,
    maxWorkers: 3,
  },
});
