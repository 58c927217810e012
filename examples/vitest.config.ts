import { defineConfig } from 'vitest/config';

/** The example test runs the real CLI: give it room. */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
