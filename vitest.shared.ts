import { defineConfig } from 'vitest/config';

/**
 * Shared vitest settings: tests import workspace packages from their `src` through the
 * `@ccsdk/source` export condition, so no build is needed before a test run.
 */
export const sharedVitestConfig = defineConfig({
  resolve: { conditions: ['@ccsdk/source', 'import', 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: ['@ccsdk/source', 'import', 'node', 'default'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: '.vitest-report.json' },
  },
});
