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
    include: ['test/**/*.test.ts'],
    // Tests start real HTTP servers on 127.0.0.1; keep the pool small on a 2-core machine.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
