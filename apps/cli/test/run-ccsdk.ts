import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The built command, as `pnpm exec turbo run build --filter=@ccsdk/cli` (or the test setup) leaves it. */
export const BUILT_MAIN = join(HERE, '..', 'dist', 'main.js');
/** The fixture config dir: transcripts the real CLI 2.1.332 wrote (with a subagent) plus hand-written edge cases. */
export const FIXTURE_CONFIG = join(HERE, 'fixtures', 'config');

/** What one run of the command printed and how it exited. */
export interface CcsdkRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `node dist/main.js ...args` as a user would: a child process with its own env and cwd. */
export function runCcsdk(
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; closeStdoutAfterBytes?: number } = {},
): Promise<CcsdkRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_MAIN, ...args], {
      cwd: options.cwd ?? tmpdir(),
      env: options.env ?? process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      // A reader that stops early, like `| head`.
      if (options.closeStdoutAfterBytes !== undefined && stdout.length >= options.closeStdoutAfterBytes) {
        child.stdout.destroy();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** A private copy of the fixture config dir with fixed mtimes, and the env that points the command at it. */
export interface FixtureCopy {
  readonly configDir: string;
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  cleanup(): void;
}

/** Fixed mtime of every fixture transcript, epoch ms. */
export const FIXTURE_MTIME_MS = Date.UTC(2026, 4, 1, 12);

/** Copies the fixture config dir to a temp folder; `env` has `CLAUDE_CONFIG_DIR` set to it and colour off. */
export function copyFixture(): FixtureCopy {
  const root = mkdtempSync(join(tmpdir(), 'ccsdk-sessions-'));
  const configDir = join(root, 'config');
  const home = join(root, 'home');
  cpSync(FIXTURE_CONFIG, configDir, { recursive: true });
  mkdirSync(home);
  let offset = 0;
  for (const project of readdirSync(join(configDir, 'projects'))) {
    for (const file of readdirSync(join(configDir, 'projects', project))) {
      if (!file.endsWith('.jsonl')) continue;
      const at = (FIXTURE_MTIME_MS + offset++ * 60_000) / 1000;
      utimesSync(join(configDir, 'projects', project, file), at, at);
    }
  }
  const env: NodeJS.ProcessEnv = { ...process.env, CLAUDE_CONFIG_DIR: configDir, HOME: home };
  delete env['NO_COLOR'];
  delete env['FORCE_COLOR'];
  return { configDir, home, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
