import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // The PromQL type checker needs one function of the editor package: the same stand-in as the build.
    alias: {
      '@codemirror/language': fileURLToPath(new URL('./src/promql/codemirror-language.ts', import.meta.url)),
    },
  },
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
          // The service's published description against the client and the sandbox (test/contract/).
          name: 'contract',
          include: ['test/contract/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // The bundles are built from the current sources before any end-to-end test runs.
          globalSetup: ['test/e2e/build-bundle.ts'],
          // As for the unit tests, one module graph per worker: most cases run the faces' entry functions
          // in-process, and loading the sources again for every file cost about a sixth of the end-to-end
          // tests' CPU time (all of them, the bundle built apart: 70.1 s against 58.9 s). Each file starts
          // and stops its own servers and directories; the in-process runs restore the environment, the
          // exit status and the streams they change (test/helpers/action-step-in-process.ts,
          // cli-in-process.ts).
          isolate: false,
          // A guard against a hang, not a speed check: a test runs processes of the bundles, which on a
          // loaded two-core machine take many times what they take on a quiet one.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
    // `npm test -- --coverage` (CI). The bundles' child processes count for nothing here; the end-to-end
    // tests run most of their cases through the faces' entry functions in-process, which do. Each folder
    // keeps at least the level it has (measured on the whole suite, less about one point): a change that lowers one
    // fails CI.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary'],
      thresholds: {
        lines: 95,
        branches: 87,
        functions: 95,
        statements: 93,
        'src/action/**': { lines: 95, branches: 91, functions: 96, statements: 94 },
        'src/apply/**': { lines: 89, branches: 80, functions: 95, statements: 86 },
        'src/cli/**': { lines: 78, branches: 77, functions: 60, statements: 75 },
        'src/commands/**': { lines: 94, branches: 85, functions: 96, statements: 92 },
        'src/components/**': { lines: 97, branches: 87, functions: 99, statements: 94 },
        'src/core/**': { lines: 98, branches: 96, functions: 95, statements: 96 },
        'src/documents/**': { lines: 96, branches: 87, functions: 99, statements: 94 },
        'src/evidence/**': { lines: 98, branches: 95, functions: 100, statements: 97 },
        'src/git/**': { lines: 99, branches: 82, functions: 88, statements: 89 },
        'src/github/**': { lines: 94, branches: 85, functions: 82, statements: 92 },
        'src/logs/**': { lines: 95, branches: 80, functions: 97, statements: 93 },
        'src/markdown/**': { lines: 96, branches: 86, functions: 90, statements: 94 },
        'src/plan/**': { lines: 97, branches: 86, functions: 99, statements: 93 },
        'src/promql/**': { lines: 96, branches: 86, functions: 96, statements: 94 },
        'src/report/**': { lines: 97, branches: 86, functions: 96, statements: 96 },
        'src/runtime/**': { lines: 99, branches: 79, functions: 99, statements: 92 },
        'src/sandbox/**': { lines: 94, branches: 86, functions: 95, statements: 92 },
        'src/service/**': { lines: 98, branches: 94, functions: 98, statements: 97 },
      },
    },
  },
});
