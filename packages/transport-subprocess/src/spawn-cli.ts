import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** What {@link spawnCli} starts. */
export interface SpawnCliRequest {
  command: string;
  args: readonly string[];
  cwd?: string;
  env: Record<string, string>;
}

/** The spawned CLI with its three pipes. */
export type CliChildProcess = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * Spawns the CLI with three pipes, no shell, and — on POSIX — as the leader of a new process
 * group (`detached`), so the transport can signal the CLI together with the Bash tools and MCP
 * servers it starts. Errors (a missing binary, a missing `cwd`) arrive as the child's `error`
 * event; a synchronous throw means the arguments themselves were refused.
 *
 * `node:child_process` rather than execa: the transport signals the whole process group
 * (a negative pid) in stages and keeps its own exit registry, which execa's `kill`,
 * `forceKillAfterDelay` and `cleanup` (all aimed at the single child) do not cover, and it needs
 * the raw byte streams, not execa's buffered or line-split ones.
 */
export function spawnCli(request: SpawnCliRequest): CliChildProcess {
  return spawn(request.command, [...request.args], {
    ...(request.cwd === undefined ? {} : { cwd: request.cwd }),
    env: request.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    shell: false,
    windowsHide: true,
  });
}
