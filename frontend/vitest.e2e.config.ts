import { defineConfig } from 'vitest/config';

/** Browser journeys: playwright-core driving Debian's Chromium against a served build. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
