import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    root: import.meta.dirname,
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['./fixtures/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One server for every spec; specs run one after another so the two cores are not starved.
    fileParallelism: false,
    pool: 'forks',
  },
});
