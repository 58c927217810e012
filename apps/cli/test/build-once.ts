import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app folder (apps/cli). */
const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Vitest global setup: builds the app once before the tests, so the tests that run the built
 * `dist/main.js` as a user would always run the current source. (The packages it imports are
 * built by turbo's `^build` before `test`.)
 */
export default function setup(): void {
  const tsup = join(
    dirname(createRequire(import.meta.url).resolve('tsup/package.json')),
    'dist',
    'cli-default.js',
  );
  execFileSync(process.execPath, [tsup], {
    cwd: APP_DIR,
    stdio: 'ignore',
  });
}
