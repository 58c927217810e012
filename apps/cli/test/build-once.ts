import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The app folder (apps/cli). */
const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILT_MAIN = join(APP_DIR, 'dist', 'main.js');

/** The newest modification time among the app's source files (tests excluded), epoch ms. */
function newestSourceMs(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMs(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
      newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtMs(): number {
  try {
    return statSync(BUILT_MAIN).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Vitest global setup: the tests run the built `dist/main.js` as a user would, so build the app
 * when the build is missing or older than the source. An up-to-date build (as `pnpm build` leaves
 * it) is kept, so tests of other packages that run it are never raced. The packages it imports
 * are built by turbo's `^build` before `test`.
 */
export default function setup(): void {
  if (builtMs() >= newestSourceMs(join(APP_DIR, 'src'))) return;
  const tsup = join(
    dirname(createRequire(import.meta.url).resolve('tsup/package.json')),
    'dist',
    'cli-default.js',
  );
  execFileSync(process.execPath, [tsup], { cwd: APP_DIR, stdio: 'ignore' });
}
