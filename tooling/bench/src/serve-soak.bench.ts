/**
 * A soak of one `ccsdk serve` process (issue 22, part 5): 1,000 one-turn sessions, 8 at a time.
 * After a warm-up (the first 50) and then every 100 sessions the server is let go idle (no
 * session, no CLI) and its own RSS is read from `/proc/<pid>/status`; a heap snapshot is written
 * after the warm-up and at the end (node's `--heapsnapshot-signal`, a full GC first) and compared
 * with the heap census of `@ccsdk/testing`, as `direct-connect-memory.test.ts` does. Prints the
 * growth per 100 sessions and whether the server stays flat.
 *
 * Knobs: `CCSDK_BENCH_SOAK_SESSIONS` (default 1000) and `CCSDK_BENCH_SOAK_WARMUP` (default 50).
 * Run: `CCSDK_BENCH_SOAK_SESSIONS=300 pnpm --filter @ccsdk/bench bench serve-soak`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { censusGrowth, heapCensus, reply, text } from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { runWhenMain } from './bench-main.js';
import { type ProcMemory, readProcMemory } from './serve-proc-status.js';
import { type ServeProcess, startServe } from './serve-process.js';
import { startServeBenchRig } from './serve-rig.js';
import { type SessionTiming, timeOneSession } from './serve-session.js';
import {
  FLAT_RSS_GROWTH_MIB_PER_100,
  flatOrGrowing,
  formatKiBAsMiB,
  formatMs,
  growthPer100,
  percentile,
} from './serve-stats.js';
import { waitForIdleServer } from './serve-wait.js';

/** Sessions of a full soak. */
const DEFAULT_SESSIONS = 1000;
/** Sessions before the first reading and heap snapshot: the server's code is warm. */
const DEFAULT_WARMUP = 50;
/** Sessions at once. */
const CONCURRENCY = 8;
/** Sessions between two RSS readings. */
const CHECKPOINT_EVERY = 100;
/** How long the server may take to go idle after a chunk, in ms. */
const IDLE_TIMEOUT_MS = 60_000;
/** Quiet time once idle before a reading, in ms: the last sessions' sockets and timers are let go. */
const QUIET_MS = 2_000;
/**
 * Values the end census may hold past the warm-up one without the server keeping anything per
 * session, whatever the run's length: 64 (the last request's leftovers and code loaded late; 32
 * to 61 in runs here).
 */
const ALLOWED_FIXED_GROWN_VALUES = 64;
/**
 * Values per measured session the end census may grow by past the fixed allowance: 0.75 (as
 * `direct-connect-memory.test.ts` allows). One value kept per session grows it by 1 per session.
 */
const ALLOWED_GROWN_VALUES_PER_SESSION = 0.75;
/** Kinds of grown value listed under the table. */
const REPORTED_KINDS = 8;

/** One idle reading of the server. */
interface Checkpoint {
  readonly sessions: number;
  readonly memory: ProcMemory;
  readonly failed: number;
  readonly firstMessageP50Ms: number;
}

function countFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new TypeError(`${name} must be a positive whole number, got ${JSON.stringify(raw)}`);
  return value;
}

/** Runs sessions `from` .. `to - 1`, CONCURRENCY at a time (each worker takes the next one). */
async function runSessions(
  target: Parameters<typeof timeOneSession>[0],
  from: number,
  to: number,
): Promise<SessionTiming[]> {
  const timings: SessionTiming[] = [];
  let next = from;
  const worker = async () => {
    while (next < to) {
      const index = next++;
      timings.push(await timeOneSession(target, `soak-${index}`, `Say ok, session-${index}.`));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return timings;
}

/** Waits for the server to be idle and quiet, then reads its memory. */
async function idleReading(server: ServeProcess): Promise<ProcMemory> {
  const left = await waitForIdleServer(server, IDLE_TIMEOUT_MS);
  if (left.sessions !== 0 || left.processes !== 0) {
    console.error(`serve-soak: not idle after ${IDLE_TIMEOUT_MS} ms: ${JSON.stringify(left)}`);
  }
  await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
  return readProcMemory(server.pid) ?? { vmRssKiB: Number.NaN, rssAnonKiB: Number.NaN };
}

async function run(): Promise<BenchTable> {
  const total = countFromEnv('CCSDK_BENCH_SOAK_SESSIONS', DEFAULT_SESSIONS);
  const warmup = Math.min(countFromEnv('CCSDK_BENCH_SOAK_WARMUP', DEFAULT_WARMUP), total - 1);
  const rig = await startServeBenchRig({ script: () => reply(text('ok')) });
  const snapshotDir = await mkdtemp(join(tmpdir(), 'ccsdk-bench-soak-heap-'));
  const server = await startServe({
    env: rig.env,
    args: [
      '--root',
      rig.sandbox.cwd,
      '--claude',
      rig.cli,
      '--max-sessions',
      String(CONCURRENCY * 2),
      '--log-level',
      'warn',
    ],
    heapSnapshotDir: snapshotDir,
  });
  const target = { url: server.url, httpUrl: server.httpUrl, token: server.token, cwd: rig.sandbox.cwd };
  const checkpoints: Checkpoint[] = [];
  const failures = new Map<string, number>();
  let failed = 0;
  const start = performance.now();
  let snapshots: { warm: string; end: string };
  try {
    const tally = (timings: SessionTiming[]) => {
      for (const t of timings) {
        if (t.ok) continue;
        failed += 1;
        failures.set(t.error ?? '?', (failures.get(t.error ?? '?') ?? 0) + 1);
      }
      return percentile(
        timings.filter((t) => t.ok).map((t) => t.firstMessageMs),
        50,
      );
    };
    const checkpoint = async (sessions: number, timings: SessionTiming[]) => {
      const firstMessageP50Ms = tally(timings);
      checkpoints.push({ sessions, memory: await idleReading(server), failed, firstMessageP50Ms });
      console.error(
        `serve-soak: ${sessions} sessions, server RSS ${formatKiBAsMiB(checkpoints.at(-1)?.memory.vmRssKiB ?? Number.NaN)} MiB, ${failed} failed`,
      );
    };
    await checkpoint(warmup, await runSessions(target, 0, warmup));
    const warm = await server.heapSnapshot();
    for (let done = warmup; done < total; ) {
      const to = Math.min(total, done + CHECKPOINT_EVERY);
      await checkpoint(to, await runSessions(target, done, to));
      done = to;
    }
    snapshots = { warm, end: await server.heapSnapshot() };
  } finally {
    await server.stop('SIGTERM');
    await rig.dispose();
  }
  const wallS = (performance.now() - start) / 1000;
  const growth = censusGrowth(heapCensus(snapshots.warm), heapCensus(snapshots.end));
  await rm(snapshotDir, { recursive: true, force: true });
  const grownValues = growth.reduce((sum, entry) => sum + entry.growth, 0);
  const measured = total - warmup;
  const warmPoint = checkpoints[0] as Checkpoint;
  // The warm snapshot itself grows the RSS: the slope is read from the first reading after it.
  const firstAfter = checkpoints[1] ?? warmPoint;
  const endPoint = checkpoints.at(-1) as Checkpoint;
  const rssPer100MiB = growthPer100(
    firstAfter.memory.vmRssKiB / 1024,
    endPoint.memory.vmRssKiB / 1024,
    endPoint.sessions - firstAfter.sessions,
  );
  const anonPer100MiB = growthPer100(
    firstAfter.memory.rssAnonKiB / 1024,
    endPoint.memory.rssAnonKiB / 1024,
    endPoint.sessions - firstAfter.sessions,
  );
  const censusPer100 = growthPer100(0, grownValues, measured);
  const allowedGrowth = Math.max(ALLOWED_FIXED_GROWN_VALUES, ALLOWED_GROWN_VALUES_PER_SESSION * measured);
  const censusVerdict = grownValues <= allowedGrowth ? 'flat' : 'growing';
  return {
    columns: [
      'sessions done',
      'server RSS MiB',
      'private (RssAnon) MiB',
      'failed so far',
      'first msg p50 ms (chunk)',
    ],
    rows: checkpoints.map((c) => [
      String(c.sessions),
      formatKiBAsMiB(c.memory.vmRssKiB),
      formatKiBAsMiB(c.memory.rssAnonKiB),
      String(c.failed),
      formatMs(c.firstMessageP50Ms),
    ]),
    notes: [
      `${total} sessions, ${CONCURRENCY} at a time, one turn each, through one ccsdk serve process (real CLI, scripted fake); ${wallS.toFixed(0)} s; ${failed} failed`,
      `RSS per 100 sessions from ${firstAfter.sessions} to ${endPoint.sessions}: ${rssPer100MiB.toFixed(2)} MiB (private ${anonPer100MiB.toFixed(2)} MiB): ${flatOrGrowing(anonPer100MiB, FLAT_RSS_GROWTH_MIB_PER_100)} (flat = at most ${FLAT_RSS_GROWTH_MIB_PER_100} MiB per 100, private memory)`,
      `heap census, warm-up (${warmup}) to end (${total}): ${grownValues} more values, ${censusPer100.toFixed(1)} per 100 sessions: ${censusVerdict} (flat = at most ${allowedGrowth.toFixed(0)}: ${ALLOWED_FIXED_GROWN_VALUES}, or ${ALLOWED_GROWN_VALUES_PER_SESSION} per session; one value kept per session is ${measured})`,
      `largest grown kinds: ${
        growth
          .slice(0, REPORTED_KINDS)
          .map((g) => `${g.kind} +${g.growth}`)
          .join(', ') || 'none'
      }`,
      'each reading is taken with the server idle (no session, no CLI) and 2 s quiet; the warm-up heap snapshot itself adds to the RSS, so the slope starts at the reading after it',
      ...[...failures].map(([error, count]) => `${count} failed: ${error}`),
    ],
    raw: { checkpoints, growth: growth.slice(0, 50), grownValues },
  };
}

const benchmark: Benchmark = {
  name: 'serve-soak',
  title:
    'ccsdk serve soak: 1,000 one-turn sessions, 8 at a time; the server RSS and heap census flat or growing',
  run,
};
export default benchmark;

await runWhenMain(import.meta.url, benchmark);
