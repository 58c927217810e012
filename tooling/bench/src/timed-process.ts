import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIDE_TIMEOUT_MS } from './bench-children.js';
import { MIB_BYTES } from './stats.js';

/** GNU time, which reports a child's peak RSS. */
const GNU_TIME = '/usr/bin/time';

/** One whole process run: wall time from spawn to exit, its peak RSS, and what it printed. */
export interface ProcessRun {
  readonly ok: boolean;
  readonly error?: string;
  readonly wallMs: number;
  /** Peak RSS in MiB (from GNU time), `NaN` when unavailable. */
  readonly peakRssMiB: number;
  readonly stdout: string;
}

/**
 * Runs `command ...args` to completion under GNU time (for its peak RSS) and measures the wall
 * time around it in this process: start-up, module loading, the work and printing all count.
 * An exit code outside `okExitCodes` makes the run fail.
 */
export function timedProcess(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  okExitCodes: readonly number[] = [0],
): Promise<ProcessRun> {
  const dir = mkdtempSync(join(tmpdir(), 'ccsdk-bench-time-'));
  const report = join(dir, 'time.txt');
  return new Promise((resolve) => {
    const start = performance.now();
    execFile(
      GNU_TIME,
      ['-f', '%M', '-o', report, command, ...args],
      { env, maxBuffer: 512 * MIB_BYTES, timeout: SIDE_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const wallMs = performance.now() - start;
        const failed = error !== null && !okExitCodes.includes(Number(error.code));
        let peakRssMiB = Number.NaN;
        try {
          peakRssMiB = Number(readFileSync(report, 'utf8').trim().split('\n').at(-1)) / 1024;
        } catch {
          // No report: the figure stays NaN.
        }
        rmSync(dir, { recursive: true, force: true });
        resolve({
          ok: !failed,
          ...(!failed
            ? {}
            : { error: `${String(error).split('\n')[0]} ${stderr.trim().split('\n').slice(-2).join(' ')}` }),
          wallMs,
          peakRssMiB,
          stdout,
        });
      },
    );
  });
}
