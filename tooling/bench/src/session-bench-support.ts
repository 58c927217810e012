import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIB_BYTES, median } from './stats.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'session-bench-child.ts');

/** Most time one side may take for one case before it is reported as failed, in ms (20 minutes). */
export const SIDE_TIMEOUT_MS = 20 * 60 * 1000;

/** What one side reported. */
export interface SideResult {
  readonly ok: boolean;
  readonly error?: string;
  readonly times: number[];
  readonly medianMs: number;
  readonly count: number;
  readonly digest: string;
  readonly loadedRssMiB: number;
  readonly peakRssMiB: number;
}

/** Runs one side in a fresh `node --expose-gc --import tsx` child and parses its report. */
export function runSide(
  side: 'ours' | 'official',
  op: 'list' | 'messages',
  configDir: string,
  runs: number,
  sessionId = '',
): Promise<SideResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CHILD, side, op, configDir, String(runs), sessionId],
      { cwd: dirname(CHILD), maxBuffer: 16 * MIB_BYTES, timeout: SIDE_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const line = stdout.trim().split('\n').at(-1) ?? '';
        try {
          if (error) throw error;
          const report = JSON.parse(line) as {
            times: number[];
            count: number;
            digest: string;
            loadedRssBytes: number;
            peakRssBytes: number;
          };
          resolve({
            ok: true,
            times: report.times,
            medianMs: median(report.times),
            count: report.count,
            digest: report.digest,
            loadedRssMiB: report.loadedRssBytes / MIB_BYTES,
            peakRssMiB: report.peakRssBytes / MIB_BYTES,
          });
        } catch (failure) {
          const why =
            `${String(failure).split('\n')[0]} ${stderr.trim().split('\n').slice(-2).join(' ')}`.trim();
          resolve({
            ok: false,
            error: why,
            times: [],
            medianMs: Number.NaN,
            count: 0,
            digest: '',
            loadedRssMiB: 0,
            peakRssMiB: 0,
          });
        }
      },
    );
  });
}

/** Sizes from `--sizes=a,b,c` on the command line, else `SESSION_BENCH_SIZES`, else the defaults. */
export function selectedSizes(envName: string, defaults: readonly number[]): number[] {
  const flag = process.argv.find((arg) => arg.startsWith('--sizes='))?.slice('--sizes='.length);
  const raw = flag ?? process.env[envName];
  if (raw === undefined || raw.trim() === '') return [...defaults];
  const sizes = raw.split(',').map((part) => Number(part.trim()));
  if (sizes.some((size) => !Number.isFinite(size) || size <= 0)) {
    throw new TypeError(`sizes must be positive numbers separated by commas, got ${JSON.stringify(raw)}`);
  }
  return sizes;
}

/** Formats a number with `digits` decimals. */
export function fmt(value: number, digits = 0): string {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}
