/**
 * What a long session leaves behind in the host process: one `query()` runs many turns through
 * the real CLI (each with an in-process MCP tool call, `canUseTool`, PreToolUse and PostToolUse
 * hooks, a mirror to a session store that keeps nothing, and a control request), and a heap
 * census after the warm-up is compared with one after the last turn. Ours against the official
 * SDK 0.3.332, each in its own child (`long-session-child.mjs`), the same CLI, the same fake.
 *
 * Run alone: `node --expose-gc --conditions=@ccsdk/source --import tsx src/long-session.bench.ts
 * --sizes=100,400` (from tooling/bench, after `pnpm build`). Sizes are measured turns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CensusGrowth,
  createCliSandbox,
  locateClaudeCodeBinary,
  startFakeMessagesApi,
  text,
  toolUse,
} from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { fmt, selectedSizes } from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { MIB_BYTES } from './stats.js';
import { cliBaseEnv } from './stream-timing.js';
import { timedProcess } from './timed-process.js';

/** Measured turns per case; choose others with `--sizes=` or `LONG_SESSION_BENCH_SIZES`. */
const DEFAULT_MEASURED_TURNS = [100, 400];

/** Turns before the first census: the code is warm and every lazy module is loaded. */
const WARMUP_TURNS = 50;

const CHILD = fileURLToPath(new URL('./long-session-child.mjs', import.meta.url));

type Side = 'ours' | 'official';

/** What the child prints. */
interface LongSessionReport {
  side: Side;
  counts: Record<string, number>;
  failures: string[];
  measuredTurns: number;
  msPerTurn: number;
  heapUsed: { warm: number; end: number };
  rss: { warm: number; end: number };
  grownValues: number;
  topGrowth: CensusGrowth[];
}

async function runSide(side: Side, measuredTurns: number): Promise<LongSessionReport> {
  const fake = await startFakeMessagesApi({
    script: (request) =>
      request.toolResults.length > 0
        ? { content: [text('The sum is 3.')] }
        : { content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] },
  });
  const sandbox = await createCliSandbox();
  const snapshots = mkdtempSync(join(tmpdir(), 'ccsdk-bench-heap-'));
  try {
    const env = {
      ...process.env,
      CCSDK_LONG_SESSION_ENV: JSON.stringify({ ...cliBaseEnv(), ...sandbox.env(fake.url) }),
      CCSDK_LONG_SESSION_CWD: sandbox.cwd,
      CCSDK_LONG_SESSION_CLI: locateClaudeCodeBinary({ from: import.meta.dirname }),
    };
    const turns = String(WARMUP_TURNS + measuredTurns);
    const run = await timedProcess(
      process.execPath,
      ['--expose-gc', CHILD, side, turns, String(WARMUP_TURNS), snapshots],
      env,
    );
    // The process's peak RSS (run.peakRssMiB) is the census's, not the session's: not reported.
    if (!run.ok) throw new Error(`${side}: ${run.error ?? 'the child failed'}`);
    const report = JSON.parse(run.stdout) as LongSessionReport;
    if (report.failures.length > 0 || report.counts['toolCalls'] !== Number(turns)) {
      throw new Error(`${side}: the session did not run every turn whole: ${run.stdout}`);
    }
    return report;
  } finally {
    rmSync(snapshots, { recursive: true, force: true });
    await sandbox.dispose();
    await fake.close();
  }
}

function topKind(figures: LongSessionReport): string {
  const top = figures.topGrowth[0];
  return top === undefined ? '-' : `${top.kind} +${top.growth}`;
}

const benchmark: Benchmark = {
  name: 'long-session',
  title: 'values a long session leaves in the host heap: @ccsdk/sdk against @anthropic-ai/claude-agent-sdk',
  async run(): Promise<BenchTable> {
    const sizes = selectedSizes('LONG_SESSION_BENCH_SIZES', DEFAULT_MEASURED_TURNS);
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const [index, measuredTurns] of sizes.entries()) {
      // Alternate which side goes first, so a machine busy at the start does not weigh on one.
      const order: Side[] = index % 2 === 0 ? ['ours', 'official'] : ['official', 'ours'];
      const figures = new Map<Side, LongSessionReport>();
      for (const side of order) figures.set(side, await runSide(side, measuredTurns));
      const ours = figures.get('ours') as LongSessionReport;
      const official = figures.get('official') as LongSessionReport;
      const kib = (f: LongSessionReport) => (f.heapUsed.end - f.heapUsed.warm) / 1024;
      const mib = (bytes: number) => bytes / MIB_BYTES;
      rows.push([
        String(measuredTurns),
        `${ours.grownValues} / ${official.grownValues}`,
        `${fmt(ours.grownValues / measuredTurns, 2)} / ${fmt(official.grownValues / measuredTurns, 2)}`,
        `${fmt(kib(ours))} / ${fmt(kib(official))}`,
        `${fmt(ours.msPerTurn, 1)} / ${fmt(official.msPerTurn, 1)}`,
        `${fmt(mib(ours.rss.warm))} / ${fmt(mib(official.rss.warm))}`,
        topKind(official),
        topKind(ours),
      ]);
      raw.push({ measuredTurns, warmupTurns: WARMUP_TURNS, ours, official });
    }
    return {
      columns: [
        'measured turns',
        'values grown ours / official',
        'per turn',
        'heapUsed growth KiB',
        'ms per turn',
        'RSS MiB after the warm-up',
        'most grown kind, official',
        'most grown kind, ours',
      ],
      rows,
      notes: [
        `One query() per side with streaming input; ${WARMUP_TURNS} warm-up turns, then the measured turns. Each turn: a prompt, an in-process MCP tool call allowed by canUseTool and seen by PreToolUse and PostToolUse hooks, the answer, a mirror append to a store that keeps nothing, then mcpServerStatus(); the reader takes 3 ms over each message, so messages wait in the SDK's queue.`,
        "values grown: JavaScript values (objects, arrays, closures, strings, numbers) alive after the last turn and not after the warm-up, from two heap snapshots taken after GC (heapCensus of @ccsdk/testing; compiled code and V8 bookkeeping left out). A value held per turn grows it by the turn count; a constant handful is the last turn's own.",
        'heapUsed growth: process.memoryUsage().heapUsed after GC, end minus warm-up; it includes code the JIT compiled meanwhile.',
        "ms per turn: wall time of the measured turns over their count (mostly the CLI, whose requests grow with the history). RSS: the child's after the warm-up, before its first snapshot (writing a snapshot costs far more memory than the session and is not given back, so later figures and the peak are not the session's).",
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
