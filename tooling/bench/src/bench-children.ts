/**
 * Benchmarks whose sides run in fresh child processes: running a child, measuring a case in rounds
 * (first call, steady state, peak RSS, bare-Node floor), and the table cells and notes for it.
 */
import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { MIB_BYTES, mean, median } from './stats.js';

/** Most time one child may take before it is reported as failed, in ms (20 minutes). */
export const SIDE_TIMEOUT_MS = 20 * 60 * 1000;

/** A side of a benchmark run in children: our package, the official SDK, or bare Node (the floor). */
export type Side = 'ours' | 'official' | 'floor';

/** What one child process reported. */
export interface ChildReport {
  readonly ok: boolean;
  readonly error?: string;
  /** Wall time of each call in ms, the first (cold) one first. */
  readonly times: number[];
  readonly count: number;
  readonly digest: string;
  readonly loadedRssMiB: number;
  readonly peakRssMiB: number;
  /** Private (anonymous) resident memory after the calls, in MiB; NaN where the system does not tell. */
  readonly privateRssMiB: number;
}

/** Where and how a child script runs. */
export interface ChildOptions {
  /** Working directory (package resolution for a script under `src` works from anywhere). */
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Runs a plain `node --expose-gc <script> ...args` child (no TypeScript loader, so its memory is
 * Node's plus what it loads) and parses the JSON line it prints last: `{ times, count, digest,
 * loadedRssBytes, peakRssBytes }`. A child that fails or times out gives `ok: false`.
 */
export function runBenchChild(
  script: string,
  args: readonly string[],
  options: ChildOptions = {},
): Promise<ChildReport> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--expose-gc', script, ...args],
      {
        cwd: options.cwd ?? dirname(script),
        env: options.env ?? process.env,
        maxBuffer: 16 * MIB_BYTES,
        timeout: SIDE_TIMEOUT_MS,
      },
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
            privateRssBytes?: number | null;
          };
          resolve({
            ok: true,
            times: report.times,
            count: report.count,
            digest: report.digest,
            loadedRssMiB: report.loadedRssBytes / MIB_BYTES,
            peakRssMiB: report.peakRssBytes / MIB_BYTES,
            privateRssMiB:
              typeof report.privateRssBytes === 'number' ? report.privateRssBytes / MIB_BYTES : Number.NaN,
          });
        } catch (failure) {
          const why =
            `${String(failure).split('\n')[0]} ${stderr.trim().split('\n').slice(-2).join(' ')}`.trim();
          resolve({
            ok: false,
            error: why,
            times: [],
            count: 0,
            digest: '',
            loadedRssMiB: 0,
            peakRssMiB: 0,
            privateRssMiB: 0,
          });
        }
      },
    );
  });
}

/** How a case is measured. */
export interface MeasurePlan {
  /** Rounds; each runs every child once, the sides' order alternating. Figures are medians over rounds. */
  readonly rounds: number;
  /** Calls in each side's steady-state child; 0 skips it (the first call then stands for steady state). */
  readonly steadyCalls: number;
  /** Leading calls of the steady-state child left out of its median (JIT warm-up, heap growth). */
  readonly warmupCalls: number;
}

/** One side's figures for a case, medians over the rounds. */
export interface SideFigures {
  readonly ok: boolean;
  readonly error?: string;
  /** The one call of a fresh process. */
  readonly firstCallMs: number;
  /** The mean call of a process that already made `warmupCalls` calls: the amortized cost, GC pauses included. */
  readonly steadyMs: number;
  /** The median of those calls (leaves out the calls a GC pause fell in). */
  readonly steadyMedianMs: number;
  /** Peak RSS of the fresh process that made one call. */
  readonly peakRssMiB: number;
  /** RSS once the module was loaded, before the call. */
  readonly loadedRssMiB: number;
  /** Private resident memory of the one-call process after its call (NaN where unknown). */
  readonly privateRssMiB: number;
  readonly count: number;
  readonly digest: string;
  readonly reports: ChildReport[];
}

/** Both sides and the floor for one case. */
export interface CaseFigures {
  readonly ours: SideFigures;
  readonly official: SideFigures;
  /** Peak RSS of bare Node run the same way, in MiB. */
  readonly floorRssMiB: number;
}

function summarize(cold: ChildReport[], steady: ChildReport[], plan: MeasurePlan): SideFigures {
  const failed = [...cold, ...steady].find((report) => !report.ok);
  const warm = (report: ChildReport) => report.times.slice(plan.warmupCalls);
  const steadyMeans =
    plan.steadyCalls > 0
      ? steady.map((report) => mean(warm(report)))
      : cold.map((report) => report.times[0]!);
  const steadyMedians =
    plan.steadyCalls > 0
      ? steady.map((report) => median(warm(report)))
      : cold.map((report) => report.times[0]!);
  return {
    ok: failed === undefined,
    ...(failed?.error === undefined ? {} : { error: failed.error }),
    firstCallMs: failed ? Number.NaN : median(cold.map((report) => report.times[0]!)),
    steadyMs: failed ? Number.NaN : median(steadyMeans),
    steadyMedianMs: failed ? Number.NaN : median(steadyMedians),
    peakRssMiB: failed ? Number.NaN : median(cold.map((report) => report.peakRssMiB)),
    loadedRssMiB: failed ? Number.NaN : median(cold.map((report) => report.loadedRssMiB)),
    privateRssMiB: failed ? Number.NaN : median(cold.map((report) => report.privateRssMiB)),
    count: cold[0]?.count ?? 0,
    digest: cold[0]?.digest ?? '',
    reports: [...cold, ...steady],
  };
}

/** Runs one side of a case in a fresh child making `calls` calls (0 for the floor). */
export type SideRunner = (side: Side, calls: number) => Promise<ChildReport>;

/**
 * Measures one case: per round, a fresh one-call child per side (first-call time, peak RSS), a
 * steady-state child per side, and bare Node once. Sides alternate which goes first.
 */
export async function measureCase(run: SideRunner, plan: MeasurePlan): Promise<CaseFigures> {
  const cold: Record<'ours' | 'official', ChildReport[]> = { ours: [], official: [] };
  const steady: Record<'ours' | 'official', ChildReport[]> = { ours: [], official: [] };
  const floors: number[] = [];
  for (let round = 0; round < plan.rounds; round++) {
    const order = round % 2 === 0 ? (['ours', 'official'] as const) : (['official', 'ours'] as const);
    floors.push((await run('floor', 0)).peakRssMiB);
    for (const side of order) cold[side].push(await run(side, 1));
    if (plan.steadyCalls > 0) {
      for (const side of order) steady[side].push(await run(side, plan.steadyCalls));
    }
  }
  return {
    ours: summarize(cold.ours, steady.ours, plan),
    official: summarize(cold.official, steady.official, plan),
    floorRssMiB: median(floors),
  };
}

/** The time of a side that stands for a physical floor (the least work the operation needs). */
export interface FloorFigures {
  readonly ok: boolean;
  readonly error?: string;
  /** The one call of a fresh process. */
  readonly firstCallMs: number;
  /** The mean call after the warm-up calls, medians over rounds (as {@link SideFigures.steadyMs}). */
  readonly steadyMs: number;
  readonly count: number;
}

/**
 * Measures a floor side with the same plan as the sides it is compared to: per round a fresh
 * one-call child and, when `runSteady` is given, a steady-state child; medians over rounds.
 * Without `runSteady` only first calls are measured (its `steadyMs` is then the first call's).
 */
export async function measureFloor(
  run: () => Promise<ChildReport>,
  runSteady: (() => Promise<ChildReport>) | undefined,
  plan: MeasurePlan,
): Promise<FloorFigures> {
  const cold: ChildReport[] = [];
  const steady: ChildReport[] = [];
  const steadyPlan = runSteady === undefined ? { ...plan, steadyCalls: 0 } : plan;
  for (let round = 0; round < plan.rounds; round++) {
    cold.push(await run());
    if (runSteady !== undefined && plan.steadyCalls > 0) steady.push(await runSteady());
  }
  const { ok, error, firstCallMs, steadyMs, count } = summarize(cold, steady, steadyPlan);
  return { ok, ...(error === undefined ? {} : { error }), firstCallMs, steadyMs, count };
}

/** The table cells of a measured case: times, speedups, memory and agreement. */
export function figureCells(figures: CaseFigures): string[] {
  const { ours, official, floorRssMiB } = figures;
  const aboveFloor = (side: SideFigures) => side.peakRssMiB - floorRssMiB;
  return [
    `${fmtMs(ours.firstCallMs)} / ${fmtMs(official.firstCallMs)}`,
    fmt(official.firstCallMs / ours.firstCallMs, 1),
    `${fmtMs(ours.steadyMs)} / ${fmtMs(official.steadyMs)}`,
    fmt(official.steadyMs / ours.steadyMs, 1),
    `${fmtMs(ours.steadyMedianMs)} / ${fmtMs(official.steadyMedianMs)} (${fmt(official.steadyMedianMs / ours.steadyMedianMs, 1)})`,
    `${fmt(ours.peakRssMiB)} / ${fmt(official.peakRssMiB)} / ${fmt(floorRssMiB)}`,
    fmt(ours.peakRssMiB / official.peakRssMiB, 2),
    `${fmt(aboveFloor(ours))} / ${fmt(aboveFloor(official))}`,
    fmt(aboveFloor(ours) / aboveFloor(official), 2),
    `${fmt(ours.privateRssMiB, 1)} / ${fmt(official.privateRssMiB, 1)} (${fmt(ours.privateRssMiB / official.privateRssMiB, 2)})`,
    ours.ok && official.ok ? (ours.digest === official.digest ? 'same' : 'DIFFERENT') : '-',
  ];
}

/** Column headers matching {@link figureCells}. */
export const FIGURE_COLUMNS = [
  'first call ms ours / official',
  'first-call speedup',
  'steady mean ms ours / official',
  'steady speedup',
  'steady median ms ours / official (speedup)',
  'peak RSS MiB ours / official / bare node',
  'RSS ratio',
  'MiB above bare node ours / official',
  'ratio above bare node',
  'private MiB after the call ours / official (ratio)',
  'results',
] as const;

/** Notes explaining {@link FIGURE_COLUMNS}. */
export function figureNotes(plan: (size: number) => MeasurePlan, sizes: readonly number[]): string[] {
  const plans = sizes.map((size) => {
    const p = plan(size);
    return `${size}: ${p.rounds} round(s), steady ${p.steadyCalls > 0 ? `${p.steadyCalls} calls minus ${p.warmupCalls} warm-up` : '= first call'}`;
  });
  return [
    'Every figure comes from fresh plain `node --expose-gc` children (no TypeScript loader; ours from the built dist, as users load it), run in rounds that alternate which side goes first; the table shows medians over rounds.',
    'first call: the only call of a fresh process (cold code, cold heap). steady: the calls of a process after its warm-up calls; the mean is the amortized cost per call (GC pauses included), the median leaves out the calls a pause fell in.',
    'peak RSS: maxRSS of the one-call process. bare node: the same child importing and calling nothing, the floor under both sides; "above bare node" is what the SDK and the call add to it.',
    "private: RssAnon of the one-call process after its call (Linux), the memory the process allocated itself; maxRSS also counts file-backed pages, such as the code of V8's optimizing compiler (3-4 MiB of the node binary), paged in the first time hot JavaScript or WebAssembly is optimized.",
    `Plans: ${plans.join('; ')}.`,
  ];
}

/** Sizes from `--sizes=a,b,c` on the command line, else the environment variable, else the defaults. */
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

/** Below this many ms a time is printed to the µs ({@link fmtMs}): 0.1 ms. */
const SUB_TENTH_MS = 0.1;

/** A time in ms: one decimal, or three (to the µs) below {@link SUB_TENTH_MS}, so a µs-scale call does not print as 0.0. */
export function fmtMs(value: number): string {
  return fmt(value, Math.abs(value) < SUB_TENTH_MS ? 3 : 1);
}
