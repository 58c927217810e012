import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/**
 * Real-browser tests: one Chromium for every file (launched by the global setup), files one at a
 * time, each test spawning the real CLI behind `ccsdk serve`: give them room (the gate runs them
 * beside the other end-to-end tests on 2 cores).
 */
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({
    test: {
      globalSetup: ['src/global-setup.ts'],
      testTimeout: 150_000,
      hookTimeout: 90_000,
      fileParallelism: false,
    },
  }),
);
