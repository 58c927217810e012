import { spawn } from 'node:child_process';
import { delimiter } from 'node:path';
import { REPO_ROOT } from './workspace-packages.js';

/** How one command ended and what it printed. */
export interface CommandResult {
  /** The command line, for failure messages. */
  readonly command: string;
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link runCommand}. */
export interface RunCommandOptions {
  readonly cwd: string;
  /** Variables added to the cleaned environment. */
  readonly env?: Record<string, string>;
  /** Killed after this long, ms. */
  readonly timeoutMs: number;
}

/**
 * The environment of a user's shell outside the workspace: without the `npm_*` variables pnpm and
 * turbo hand their scripts (npm would read `npm_config_*` as its own configuration), and without
 * the workspace's `node_modules/.bin` folders on `PATH` (pnpm puts them there; a `ccsdk` found in
 * one would be the workspace's copy, not the installed one).
 */
export function userEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith('npm_') || name === 'NODE_OPTIONS') continue;
    env[name] = value;
  }
  env['PATH'] = (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((dir) => dir !== '' && !dir.startsWith(REPO_ROOT) && !dir.includes('node_modules'))
    .join(delimiter);
  return { ...env, ...extra };
}

/** Runs a command in the user's environment ({@link userEnvironment}) and collects its output. */
export function runCommand(
  file: string,
  args: readonly string[],
  options: RunCommandOptions,
): Promise<CommandResult> {
  const command = [file, ...args].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: userEnvironment(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ command, code, stdout, stderr }));
  });
}

/** A failure message with the command's whole output. */
export function describeRun(run: CommandResult): string {
  return `${run.command} exited ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
}
