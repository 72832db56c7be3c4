import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests start real HTTP servers on 127.0.0.1; keep the pool small on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // One module graph per worker instead of one per file: loading the sources again for every file
          // was most of the unit tests' time. Tests restore what they change (environment, spies).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // The bundles are built from the current sources before any end-to-end test runs.
          globalSetup: ['test/e2e/build-bundle.ts'],
        },
      },
    ],
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'text'],
    },
  },
});
