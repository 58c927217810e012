import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/** The tests run the built command, so the app is built once first. */
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ test: { globalSetup: ['./test/build-once.ts'], testTimeout: 30_000 } }),
);
