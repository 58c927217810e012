import { defineConfig, mergeConfig } from 'vitest/config';
import { sharedVitestConfig } from '../../vitest.shared.ts';

/** One TypeScript program over every README snippet: give it room on a busy machine. */
export default mergeConfig(sharedVitestConfig, defineConfig({ test: { testTimeout: 180_000 } }));
