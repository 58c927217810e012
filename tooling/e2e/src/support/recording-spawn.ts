import { spawn } from 'node:child_process';
import type { SpawnedProcess, SpawnOptions } from '@ccsdk/sdk';

/**
 * A `spawnClaudeCodeProcess` that starts the CLI as the SDK asks (piped stdio, the given cwd and
 * environment) and records each request in `calls`, so a test can read the command line.
 */
export function recordingSpawn(): {
  readonly calls: SpawnOptions[];
  readonly spawnClaudeCodeProcess: (options: SpawnOptions) => SpawnedProcess;
} {
  const calls: SpawnOptions[] = [];
  return {
    calls,
    spawnClaudeCodeProcess: (options) => {
      calls.push(options);
      return spawn(options.command, options.args, {
        cwd: options.cwd,
        env: options.env as NodeJS.ProcessEnv,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    },
  };
}
