import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.js';
import type { ProcessRun } from './timed-process.js';

/** The floors' script: bare Node processes doing what `ccsdk sessions` does, with the library. */
export const SESSIONS_CLI_FLOOR = join(dirname(fileURLToPath(import.meta.url)), 'sessions-cli-floor.mjs');
/** The built `ccsdk` command, as users run it. */
export const CCSDK_MAIN = join(
  dirname(createRequire(import.meta.url).resolve('@ccsdk/cli/package.json')),
  'dist',
  'main.js',
);

/** Runs one side of a case as a whole process. */
export type ProcessRunner = () => Promise<ProcessRun>;

/** Runs each side once per round, rotating which goes first; returns every run per side. Throws when one fails. */
export async function rotatingRounds(
  sides: Record<string, ProcessRunner>,
  count: number,
): Promise<Record<string, ProcessRun[]>> {
  const names = Object.keys(sides);
  const runs: Record<string, ProcessRun[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < count; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      const run = await sides[name]!();
      if (!run.ok) throw new Error(`${name} failed: ${run.error}`);
      runs[name]!.push(run);
    }
  }
  return runs;
}

/** Median wall time of runs, ms. */
export function medianWallMs(runs: readonly ProcessRun[]): number {
  return median(runs.map((run) => run.wallMs));
}

/** Median peak RSS of runs, MiB. */
export function medianPeakRssMiB(runs: readonly ProcessRun[]): number {
  return median(runs.map((run) => run.peakRssMiB));
}
