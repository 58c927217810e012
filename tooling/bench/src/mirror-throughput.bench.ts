/**
 * Throughput of the transcript mirror: `TranscriptMirrorBatcher` fed 100,000 transcript entries
 * as small `transcript_mirror` frames (1-4 entries, 90% main transcript, 10% a subagent), with a
 * flush every 200 frames as before each `result`, against the floor measured in the same run:
 * the work the seed requires anyway (the JSON string length of each frame's entries, which
 * decides the 1 MiB threshold) plus the same entries appended straight to the same store in
 * 500-entry calls.
 *
 * Stores: `fast` (append resolves at once, keeps nothing) and `slow` (each append takes 5 ms).
 * Modes: `batched` and `eager`. Each case runs in its own child process, so its peak RSS is its
 * own (`process.resourceUsage().maxRSS`). Frames are fed as fast as the event loop allows,
 * yielding every 8 frames so background drains run meanwhile.
 *
 * Run alone: `node --expose-gc --import tsx src/mirror-throughput.bench.ts` (from tooling/bench).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import { runWhenMain } from './bench-main.js';
import { median } from './stats.js';

/** Entries mirrored per case. */
const ENTRIES = 100_000;

/** Frames between two flushes (a `result` of the CLI). */
const FRAMES_PER_FLUSH = 200;

/** Frames between two yields to the event loop. */
const FRAMES_PER_YIELD = 8;

/** Time one append takes in the slow store, in ms. */
const SLOW_APPEND_MS = 5;

/** Child runs per case; the table shows medians. */
const RUNS = 3;

const PROJECTS = '/bench/config/projects';
const SESSION = '5e55101d-0000-4000-8000-00000000b0b0';
const MAIN_FILE = `${PROJECTS}/-bench/${SESSION}.jsonl`;
const SUB_FILE = `${PROJECTS}/-bench/${SESSION}/subagents/agent-a1.jsonl`;

const THIS_FILE = fileURLToPath(import.meta.url);
const TSX_LOADER = import.meta.resolve('tsx');

type StoreKind = 'fast' | 'slow';
type Mode = 'batched' | 'eager' | 'floor';

interface CaseResult {
  readonly ms: number;
  readonly appends: number;
  readonly stored: number;
  readonly peakRssMiB: number;
  readonly dropped: number;
}

function makeEntries(): Record<string, unknown>[] {
  const text = 'mirror this transcript entry to the external store after the local append; '.repeat(10);
  return Array.from({ length: ENTRIES }, (_, i) => ({
    type: i % 3 === 0 ? 'user' : 'assistant',
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    parentUuid: i === 0 ? null : `00000000-0000-4000-8000-${String(i - 1).padStart(12, '0')}`,
    sessionId: SESSION,
    timestamp: new Date(1_780_000_000_000 + i).toISOString(),
    message: { role: i % 3 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text }] },
  }));
}

function makeStore(kind: StoreKind) {
  const counters = { appends: 0, stored: 0 };
  const store = {
    async append(_key: unknown, entries: unknown[]): Promise<void> {
      counters.appends++;
      if (kind === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_APPEND_MS));
      counters.stored += entries.length;
    },
    async load(): Promise<null> {
      return null;
    },
  };
  return { store, counters };
}

async function runChild(kind: StoreKind, mode: Mode): Promise<void> {
  const entries = makeEntries();
  const { store, counters } = makeStore(kind);
  let dropped = 0;
  // tooling/bench does not list @ccsdk/mirror-batcher yet, so it comes from the package folder.
  const { TranscriptMirrorBatcher } = await import('@ccsdk/mirror-batcher');
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.hrtime.bigint();
  if (mode === 'floor') {
    let chars = 0;
    for (let i = 0; i < entries.length; ) {
      const size = 1 + (i % 4);
      chars += JSON.stringify(entries.slice(i, i + size)).length;
      i += size;
    }
    for (let i = 0; i < entries.length; i += 500) await store.append({}, entries.slice(i, i + 500));
    if (chars === 0) throw new Error('no size accounted');
  } else {
    const batcher = new TranscriptMirrorBatcher({
      store,
      projectsDir: PROJECTS,
      mode,
      onError: () => dropped++,
    });
    let frames = 0;
    for (let i = 0; i < entries.length; ) {
      const size = 1 + (i % 4);
      batcher.enqueue({
        filePath: frames % 10 === 9 ? SUB_FILE : MAIN_FILE,
        entries: entries.slice(i, i + size),
      });
      i += size;
      frames++;
      if (frames % FRAMES_PER_FLUSH === 0) await batcher.flush();
      else if (frames % FRAMES_PER_YIELD === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await batcher.close();
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const result: CaseResult = {
    ms,
    appends: counters.appends,
    stored: counters.stored,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    dropped,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runInChild(kind: StoreKind, mode: Mode): CaseResult {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--conditions=@ccsdk/source', '--import', TSX_LOADER, THIS_FILE, '--child', kind, mode],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as CaseResult;
}

const benchmark: Benchmark = {
  name: 'mirror-throughput',
  title: 'TranscriptMirrorBatcher: 100,000 entries in small frames, fast and slow store, vs direct appends',
  async run(): Promise<BenchTable> {
    const rows: string[][] = [];
    const raw: Record<string, unknown>[] = [];
    for (const kind of ['fast', 'slow'] as const) {
      const results = new Map<Mode, CaseResult[]>();
      for (let i = 0; i < RUNS; i++) {
        for (const mode of ['floor', 'batched', 'eager'] as const) {
          const list = results.get(mode) ?? [];
          list.push(runInChild(kind, mode));
          results.set(mode, list);
        }
      }
      const floorMs = median(results.get('floor')!.map((r) => r.ms));
      for (const [mode, list] of results) {
        const ms = median(list.map((r) => r.ms));
        if (list.some((r) => r.stored !== ENTRIES || r.dropped !== 0))
          throw new Error(`${kind}/${mode} lost entries`);
        rows.push([
          `${kind} store`,
          mode === 'floor' ? 'floor: size of each frame + direct 500-entry appends' : mode,
          `${Math.round(ENTRIES / (ms / 1000)).toLocaleString('en-US')}`,
          `${ms.toFixed(0)} ms`,
          mode === 'floor' ? '1.00' : (ms / floorMs).toFixed(2),
          String(median(list.map((r) => r.appends))),
          `${median(list.map((r) => r.peakRssMiB)).toFixed(0)} MiB`,
        ]);
      }
      raw.push({ kind, results: Object.fromEntries(results) });
    }
    return {
      columns: [
        'store',
        'mode',
        'entries/s',
        'time (median of 3)',
        'x floor',
        'appends per 100k entries',
        'peak RSS',
      ],
      rows,
      notes: [
        `Frames of 1-4 entries (~1 KB each), a flush every ${FRAMES_PER_FLUSH} frames; slow store: ${SLOW_APPEND_MS} ms per append.`,
        'Each case in its own child process; peak RSS includes the 100,000 generated entries (about 100 MB of objects), the same in every case.',
      ],
      raw,
    };
  },
};

export default benchmark;

if (process.argv[2] === '--child') {
  await runChild(process.argv[3] as StoreKind, process.argv[4] as Mode);
} else {
  await runWhenMain(import.meta.url, benchmark);
}
