import { defineConfig } from 'vitest/config';

/**
 * Shared vitest settings: tests import workspace packages from their `src` through the
 * `@ccsdk/source` export condition, so no build is needed before a test run.
 */
export const sharedVitestConfig = defineConfig({
  resolve: { conditions: ['@ccsdk/source', 'import', 'module', 'node', 'default'] },
  // No 'import' here: vitest hands these to the workers as `--conditions`, and a CommonJS package
  // (pg) whose require() of a dependency then picked that dependency's ESM entry broke.
  ssr: { resolve: { conditions: ['@ccsdk/source', 'node', 'default'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
  },
});
