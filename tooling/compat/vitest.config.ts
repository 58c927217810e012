import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/** Each test builds a TypeScript program over the SDK's sources: give it room, one file at a time. */
export default mergeConfig(
  sharedVitestConfig,
  defineConfig({ test: { testTimeout: 240_000, fileParallelism: false } }),
);
