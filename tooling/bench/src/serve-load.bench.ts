/**
 * N concurrent sessions through one `ccsdk serve` process (issue 22, part 5), N = 25, 50, 100 by
 * default: each session is `POST /sessions`, the WebSocket attach, one prompt, the first assistant
 * message and the result, then the end; all N start at once. Reports create and first-message
 * p50/p99 (both from the start of `POST /sessions`), the server's own RSS (its CLI processes
 * excluded, read from `/proc/<pid>/status`) before, at its peak and after, its growth per session,
 * the CLIs' summed memory, failures and the largest N held with no failed session.
 *
 * Real CLI, the scripted fake Messages API, a fresh server per N. Knobs:
 * - `CCSDK_BENCH_SERVE_LOAD_SIZES=25,50` (or `--sizes=`): the N to run;
 * - `CCSDK_BENCH_SERVE_WARM=<n>`: passed as `ccsdk serve --warm <n>` (a warm pool, where the server has one).
 * An N whose CLIs would not fit in the machine's memory (estimated from the previous N) is skipped.
 *
 * Run: `pnpm --filter @ccsdk/bench bench serve-load`.
 */
import { reply, text } from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { selectedSizes } from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { memAvailableKiB, readProcMemory } from './serve-proc-status.js';
import { startServe } from './serve-process.js';
import { startServeBenchRig } from './serve-rig.js';
import { type SamplerPeaks, startServeSampler } from './serve-sampler.js';
import { type SessionTiming, timeOneSession } from './serve-session.js';
import { formatKiBAsMiB, formatMs, percentile } from './serve-stats.js';
import { waitForIdleServer } from './serve-wait.js';

/** The N run by default. */
const DEFAULT_SIZES = [25, 50, 100];
/** Memory the machine keeps for everything else while a case runs, in KiB (3 GiB: other work shares it). */
const RESERVED_MEMORY_KIB = 3 * 1024 * 1024;
/** Available memory below which a running case is stopped (the server drained at once), in KiB (1.5 GiB). */
const LOW_MEMORY_KIB = 1.5 * 1024 * 1024;
/** How long the server may take to end every session and CLI after the last result, in ms. */
const SETTLE_TIMEOUT_MS = 120_000;
/** Quiet time before the "before" reading, in ms: the server's start-up garbage is collected. */
const QUIET_BEFORE_MS = 2_000;

/** One N's figures. */
interface LoadCase {
  readonly sessions: number;
  readonly skipped?: string;
  readonly timings: SessionTiming[];
  readonly rssBeforeKiB: number;
  readonly rssAfterKiB: number;
  readonly peaks?: SamplerPeaks;
  readonly wallMs: number;
  readonly leftAfter?: { sessions: number; processes: number };
}

async function runCase(
  sessions: number,
  rigCwd: string,
  serveEnv: Record<string, string | undefined>,
  cli: string,
): Promise<LoadCase> {
  const warm = process.env['CCSDK_BENCH_SERVE_WARM'];
  const args = ['--root', rigCwd, '--claude', cli, '--max-sessions', String(sessions), '--log-level', 'warn'];
  if (warm !== undefined && warm !== '') args.push('--warm', warm);
  const server = await startServe({ env: serveEnv, args });
  try {
    await new Promise((resolve) => setTimeout(resolve, QUIET_BEFORE_MS));
    const rssBeforeKiB = readProcMemory(server.pid)?.vmRssKiB ?? Number.NaN;
    const sampler = startServeSampler({
      pid: server.pid,
      liveSessions: () => server.liveSessions(),
      lowMemoryKiB: LOW_MEMORY_KIB,
      onLowMemory: (available) => {
        console.error(`serve-load: ${formatKiBAsMiB(available)} MiB available, stopping N=${sessions}`);
        void server.stop('SIGTERM').then(() => undefined);
      },
    });
    const start = performance.now();
    const target = { url: server.url, httpUrl: server.httpUrl, token: server.token, cwd: rigCwd };
    const timings = await Promise.all(
      Array.from({ length: sessions }, (_, i) =>
        timeOneSession(target, `load-${sessions}-${i}`, `Say ok, session-${i}.`),
      ),
    );
    const wallMs = performance.now() - start;
    const peaks = await sampler.stop();
    const leftAfter = await waitForIdleServer(server, SETTLE_TIMEOUT_MS);
    const rssAfterKiB = readProcMemory(server.pid)?.vmRssKiB ?? Number.NaN;
    if (server.log().trim() !== '')
      console.error(`serve-load N=${sessions} server log tail:\n${server.log().slice(-3000)}`);
    return { sessions, timings, rssBeforeKiB, rssAfterKiB, peaks, wallMs, leftAfter };
  } finally {
    await server.stop('SIGTERM');
  }
}

/** Why `sessions` CLIs would not fit, from the previous case's memory per CLI; undefined when they would. */
function memoryShortfall(sessions: number, previous: LoadCase | undefined): string | undefined {
  const perCliKiB =
    previous?.peaks === undefined || previous.peaks.clis.processes === 0
      ? 0
      : previous.peaks.clis.rssAnonKiB / previous.peaks.clis.processes;
  const needed = perCliKiB * sessions;
  const available = memAvailableKiB() - RESERVED_MEMORY_KIB;
  if (needed <= available) return undefined;
  return `skipped: ${sessions} CLIs need about ${formatKiBAsMiB(needed)} MiB (private memory per CLI at N=${previous?.sessions}), ${formatKiBAsMiB(available)} MiB available past the reserve`;
}

function row(c: LoadCase): string[] {
  if (c.skipped !== undefined) return [String(c.sessions), c.skipped, ...Array(13).fill('-')];
  const ok = c.timings.filter((t) => t.ok);
  const created = c.timings.filter((t) => Number.isFinite(t.createMs)).map((t) => t.createMs);
  const first = ok.map((t) => t.firstMessageMs);
  const peakKiB = c.peaks?.server.vmRssKiB ?? Number.NaN;
  const clis = c.peaks?.clis;
  return [
    String(c.sessions),
    `${ok.length} / ${c.timings.length - ok.length}`,
    String(c.peaks?.liveSessions ?? 'n/a'),
    `${formatMs(percentile(created, 50))} / ${formatMs(percentile(created, 99))}`,
    formatMs(
      percentile(
        ok.map((t) => t.initMs),
        50,
      ),
    ),
    `${formatMs(percentile(first, 50))} / ${formatMs(percentile(first, 99))}`,
    formatMs(
      percentile(
        ok.map((t) => t.resultMs),
        50,
      ),
    ),
    `${formatKiBAsMiB(c.rssBeforeKiB)} / ${formatKiBAsMiB(peakKiB)} / ${formatKiBAsMiB(c.rssAfterKiB)}`,
    ((peakKiB - c.rssBeforeKiB) / c.sessions).toFixed(0),
    ((c.rssAfterKiB - c.rssBeforeKiB) / c.sessions).toFixed(0),
    clis === undefined
      ? 'n/a'
      : `${clis.processes}: ${formatKiBAsMiB(clis.vmRssKiB)} / ${formatKiBAsMiB(clis.rssAnonKiB)}`,
    clis === undefined || clis.processes === 0 ? 'n/a' : formatKiBAsMiB(clis.rssAnonKiB / clis.processes),
    c.peaks === undefined
      ? 'n/a'
      : `${formatMs(percentile(c.peaks.healthMs, 50))} / ${formatMs(Math.max(...c.peaks.healthMs))}`,
    c.peaks === undefined ? 'n/a' : formatKiBAsMiB(c.peaks.minAvailableKiB),
    (c.wallMs / 1000).toFixed(1),
  ];
}

/** Distinct failure reasons of a case, with how many sessions failed each way. */
function failureNotes(c: LoadCase): string[] {
  const counts = new Map<string, number>();
  for (const t of c.timings) if (!t.ok) counts.set(t.error ?? '?', (counts.get(t.error ?? '?') ?? 0) + 1);
  return [...counts].map(([error, count]) => `N=${c.sessions}: ${count} failed: ${error}`);
}

async function run(): Promise<BenchTable> {
  const sizes = selectedSizes('CCSDK_BENCH_SERVE_LOAD_SIZES', DEFAULT_SIZES);
  const rig = await startServeBenchRig({ script: () => reply(text('ok')) });
  const cases: LoadCase[] = [];
  try {
    for (const sessions of sizes) {
      const shortfall = memoryShortfall(sessions, cases.at(-1));
      if (shortfall !== undefined) {
        cases.push({
          sessions,
          skipped: shortfall,
          timings: [],
          rssBeforeKiB: Number.NaN,
          rssAfterKiB: Number.NaN,
          wallMs: 0,
        });
        continue;
      }
      cases.push(await runCase(sessions, rig.sandbox.cwd, rig.env, rig.cli));
    }
  } finally {
    await rig.dispose();
  }
  const held = cases.filter((c) => c.skipped === undefined && c.timings.every((t) => t.ok));
  const largest = held.length === 0 ? 'none' : String(Math.max(...held.map((c) => c.sessions)));
  const warm = process.env['CCSDK_BENCH_SERVE_WARM'];
  return {
    columns: [
      'N',
      'ok / failed',
      'peak live',
      'create ms p50 / p99',
      'init ms p50',
      'first msg ms p50 / p99',
      'result ms p50',
      'server RSS MiB before / peak / after',
      'peak growth KiB/session',
      'kept KiB/session',
      'CLIs at peak: n: RSS / private MiB',
      'private MiB/CLI',
      '/health ms p50 / max',
      'min free MiB',
      'wall s',
    ],
    rows: cases.map(row),
    notes: [
      `largest N held with no failed session: ${largest}`,
      `ccsdk serve as its own process (${warm ? `--warm ${warm}` : 'no warm pool'}), the real CLI, the scripted fake (every reply "ok"); all N sessions start at once`,
      'create: POST /sessions until its answer; first msg and result: from the start of POST /sessions; p99 by nearest rank (of 25, the slowest)',
      'server RSS: VmRSS of the ccsdk serve process alone (/proc/<pid>/status), CLIs excluded; before = idle after start, peak = sampled every 0.5 s, after = once every session and CLI ended',
      "init: from POST /sessions to the CLI's system/init message (spawned, WebSocket attached, initialize answered, prompt taken); the rest of first msg is the model turn",
      "/health: GET /health answered while the sessions ran (sampled every 0.5 s): how long the server's event loop kept a request waiting",
      'peak growth = (peak - before) / N; kept = (after - before) / N',
      'CLIs: VmRSS summed (counts shared pages once per process) and RssAnon summed, at the sample with the most CLI memory',
      ...cases.flatMap(failureNotes),
      ...cases
        .filter(
          (c) => c.leftAfter !== undefined && (c.leftAfter.sessions !== 0 || c.leftAfter.processes !== 0),
        )
        .map(
          (c) =>
            `N=${c.sessions}: after the run the server still held ${c.leftAfter?.sessions} sessions, ${c.leftAfter?.processes} child processes`,
        ),
    ],
    raw: cases,
  };
}

const benchmark: Benchmark = {
  name: 'serve-load',
  title: 'ccsdk serve under N concurrent sessions: create and first-message p50/p99, server RSS, failures',
  run,
};
export default benchmark;

await runWhenMain(import.meta.url, benchmark);
