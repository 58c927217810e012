/**
 * The database store adapters against the in-memory store, measured in the same run, each on a
 * real server on loopback (PostgreSQL and Redis, started for the run, durability as configured
 * for tests: fsync off for PostgreSQL, append-only file for Redis):
 *
 * 1. entries per second through `TranscriptMirrorBatcher` (frames of 1-4 entries of ~1 KB, a
 *    flush every 200 frames as before each `result`) at three sizes;
 * 2. `append` latency (batches of 50 entries) and `load` latency of one whole transcript at
 *    three sizes (1, 5 and 10 MB), p50/p99; the floor for load is `JSON.parse` of the same
 *    entries' JSON lines in process;
 * 3. `listSessions` over 1,000, 3,000 and 10,000 sessions of one project, p50/p99.
 *
 * Run alone: `node --expose-gc --conditions=@ccsdk/source --import tsx src/run-all.ts session-store-adapters`.
 */
import { randomUUID } from 'node:crypto';
import { TranscriptMirrorBatcher } from '@ccsdk/mirror-batcher';
import type { SessionStoreEntry } from '@ccsdk/session-store';
import type { Benchmark, BenchTable } from './bench-api.js';
import { type BenchStore, benchEntry, openBenchStores, percentile, timed } from './store-bench-support.js';

const PROJECTS = '/bench/config/projects';
const MIRROR_SIZES = [2_000, 10_000, 40_000];
const TRANSCRIPT_MB = [1, 5, 10];
const LIST_SIZES = [1_000, 3_000, 10_000];
const ENTRY_BYTES = 1000;
const APPEND_BATCH_ENTRIES = 50;
const LOAD_RUNS = 15;
const LIST_RUNS = 20;
const SEED_CONCURRENCY = 32;

async function mirrorThroughput(target: BenchStore, entries: number): Promise<number> {
  const sessionId = randomUUID();
  const main = `${PROJECTS}/-bench-mirror/${sessionId}.jsonl`;
  const sub = `${PROJECTS}/-bench-mirror/${sessionId}/subagents/agent-a1.jsonl`;
  const all = Array.from({ length: entries }, (_, i) => benchEntry(sessionId, i, ENTRY_BYTES));
  let dropped = 0;
  const ms = await timed(async () => {
    const batcher = new TranscriptMirrorBatcher({
      store: target.store,
      projectsDir: PROJECTS,
      onError: () => dropped++,
    });
    let frames = 0;
    for (let i = 0; i < all.length; ) {
      const size = 1 + (i % 4);
      batcher.enqueue({ filePath: frames % 10 === 9 ? sub : main, entries: all.slice(i, i + size) });
      i += size;
      frames++;
      if (frames % 200 === 0) await batcher.flush();
      else if (frames % 8 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await batcher.close();
  });
  if (dropped > 0) throw new Error(`${target.name}: the mirror dropped ${dropped} batches`);
  const key = { projectKey: '-bench-mirror', sessionId };
  const stored = ((await target.store.load(key)) ?? []).length;
  const storedSub = ((await target.store.load({ ...key, subpath: 'subagents/agent-a1' })) ?? []).length;
  if (stored + storedSub !== entries)
    throw new Error(`${target.name}: stored ${stored + storedSub} of ${entries}`);
  return entries / (ms / 1000);
}

async function appendAndLoad(target: BenchStore, megabytes: number) {
  const sessionId = randomUUID();
  const key = { projectKey: '-bench-load', sessionId };
  const count = Math.round((megabytes * 1_000_000) / (ENTRY_BYTES + 250));
  const all = Array.from({ length: count }, (_, i) => benchEntry(sessionId, i, ENTRY_BYTES));
  const appendMs: number[] = [];
  for (let i = 0; i < all.length; i += APPEND_BATCH_ENTRIES) {
    const batch = all.slice(i, i + APPEND_BATCH_ENTRIES);
    appendMs.push(await timed(() => target.store.append(key, batch)));
  }
  const loadMs: number[] = [];
  let loaded: SessionStoreEntry[] | null = null;
  for (let run = 0; run < LOAD_RUNS; run++) {
    loadMs.push(
      await timed(async () => {
        loaded = await target.store.load(key);
      }),
    );
  }
  if ((loaded as SessionStoreEntry[] | null)?.length !== count)
    throw new Error(`${target.name}: load lost entries`);
  const lines = all.map((entry) => JSON.stringify(entry));
  const floorMs: number[] = [];
  for (let run = 0; run < LOAD_RUNS; run++)
    floorMs.push(await timed(async () => lines.map((line) => JSON.parse(line))));
  const bytes = lines.reduce((sum, line) => sum + line.length, 0);
  return { count, bytes, appendMs, loadMs, floorMs };
}

async function seedSessions(target: BenchStore, projectKey: string, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i += SEED_CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(SEED_CONCURRENCY, to - i) }, (_, j) => {
        const sessionId = randomUUID();
        return target.store.append({ projectKey, sessionId }, [benchEntry(sessionId, i + j, 200)]);
      }),
    );
  }
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const benchmark: Benchmark = {
  name: 'session-store-adapters',
  title:
    'PostgreSQL and Redis SessionStore adapters vs the in-memory store: mirror throughput, append/load latency, listSessions',
  async run(): Promise<BenchTable> {
    const { stores, dispose } = await openBenchStores();
    const rows: string[][] = [];
    const raw: Record<string, unknown>[] = [];
    try {
      for (const size of MIRROR_SIZES) {
        const rates = new Map<string, number>();
        for (const target of stores) rates.set(target.name, await mirrorThroughput(target, size));
        const memory = rates.get('memory')!;
        for (const [name, rate] of rates) {
          rows.push([
            `mirror ${size.toLocaleString('en-US')} entries`,
            name,
            `${Math.round(rate).toLocaleString('en-US')} entries/s`,
            '',
            (memory / rate).toFixed(2),
          ]);
        }
        raw.push({ case: 'mirror', size, rates: Object.fromEntries(rates) });
      }
      for (const megabytes of TRANSCRIPT_MB) {
        for (const target of stores) {
          const r = await appendAndLoad(target, megabytes);
          const label = `${megabytes} MB transcript (${r.count} entries)`;
          rows.push([
            label,
            `${target.name} append x${APPEND_BATCH_ENTRIES}`,
            ms(percentile(r.appendMs, 0.5)),
            ms(percentile(r.appendMs, 0.99)),
            '',
          ]);
          const floor = percentile(r.floorMs, 0.5);
          rows.push([
            label,
            `${target.name} load`,
            ms(percentile(r.loadMs, 0.5)),
            ms(percentile(r.loadMs, 0.99)),
            (percentile(r.loadMs, 0.5) / floor).toFixed(2),
          ]);
          raw.push({ case: 'append-load', megabytes, store: target.name, ...r });
        }
      }
      const projectKey = `-bench-list-${randomUUID()}`;
      let seeded = 0;
      for (const size of LIST_SIZES) {
        for (const target of stores) await seedSessions(target, projectKey, seeded, size);
        seeded = size;
        for (const target of stores) {
          const times: number[] = [];
          for (let run = 0; run < LIST_RUNS; run++) {
            times.push(
              await timed(async () => {
                const listed = await target.store.listSessions!(projectKey);
                if (listed.length !== size)
                  throw new Error(`${target.name}: listed ${listed.length} of ${size}`);
              }),
            );
          }
          rows.push([
            `listSessions over ${size.toLocaleString('en-US')} sessions`,
            target.name,
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.99)),
            '',
          ]);
          raw.push({ case: 'listSessions', size, store: target.name, times });
        }
      }
    } finally {
      await dispose();
    }
    return {
      columns: ['case', 'store', 'p50 / rate', 'p99', 'x memory store (mirror) / x JSON.parse floor (load)'],
      rows,
      notes: [
        'Servers on 127.0.0.1 of this shared 2-core machine, started for the run (PostgreSQL with fsync off); figures are noisy.',
        `Mirror: frames of 1-4 entries of ~${ENTRY_BYTES} B, a flush every 200 frames; "x memory store" is how many times slower than InMemorySessionStore in the same run.`,
        `Load floor: JSON.parse of the same entries' JSON lines in process, median of ${LOAD_RUNS}.`,
        `Peak RSS of the run: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB.`,
      ],
      raw,
    };
  },
};

export default benchmark;
