import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/** End-to-end tests spawn the real CLI: run files one at a time and give them room. */
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({
    test: { testTimeout: 90_000, hookTimeout: 60_000, fileParallelism: false },
  }),
);
