import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/** Packing, one npm install and one TypeScript program run in the hooks: give them room on a busy machine. */
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ test: { hookTimeout: 110_000, testTimeout: 60_000 } }),
);
