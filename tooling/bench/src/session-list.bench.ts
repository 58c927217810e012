import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUMMARY_CACHE_SETTLED_MS, SUMMARY_INDEX_PATH } from '@ccsdk/session-jsonl';
import type { Benchmark, BenchTable } from './bench-api.js';
import {
  FIGURE_COLUMNS,
  figureCells,
  figureNotes,
  fmt,
  type MeasurePlan,
  measureCase,
  measureFloor,
  selectedSizes,
} from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { runSessionChild } from './session-bench-support.js';
import { type CorpusKind, selectedCorpora, writeCorpusOf } from './session-list-corpora.js';
import { MB_BYTES } from './stats.js';

/** Corpus sizes in sessions; choose others with `--sizes=300,3000` or `SESSION_LIST_BENCH_SIZES`. */
const DEFAULT_SESSION_COUNTS = [300, 3000, 30000];

/** Rounds and calls per corpus size: many calls for small corpora, fewer for the largest. */
function planFor(sessions: number): MeasurePlan {
  if (sessions <= 300) return { rounds: 7, steadyCalls: 15, warmupCalls: 3 };
  if (sessions <= 3000) return { rounds: 7, steadyCalls: 4, warmupCalls: 1 };
  return { rounds: 7, steadyCalls: 2, warmupCalls: 1 };
}

const benchmark: Benchmark = {
  name: 'session-list',
  title:
    'listSessions() over a synthetic config dir: @ccsdk/session-jsonl against @anthropic-ai/claude-agent-sdk',
  async run(): Promise<BenchTable> {
    const sizes = selectedSizes('SESSION_LIST_BENCH_SIZES', DEFAULT_SESSION_COUNTS);
    const rows: string[][] = [];
    const raw: unknown[] = [];
    const corpora: readonly CorpusKind[] = selectedCorpora();
    for (const sessions of sizes) {
      for (const kind of corpora) {
        const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-list-'));
        try {
          const corpus = await writeCorpusOf(kind, join(root, 'config'), sessions);
          const plan = planFor(sessions);
          const configDir = join(root, 'config');
          // A corpus at rest, as transcripts are between sessions: still for longer than the
          // settle time, and listed once, so our summary index holds it.
          await sleep(SUMMARY_CACHE_SETTLED_MS + 100);
          await runSessionChild('ours', 'list', configDir, 1);
          const figures = await measureCase(
            (side, calls) => runSessionChild(side, 'list', configDir, calls),
            plan,
          );
          const firstEver = await measureFloor(
            () => {
              rmSync(join(configDir, SUMMARY_INDEX_PATH), { force: true });
              return runSessionChild('ours', 'list', configDir, 1);
            },
            undefined,
            plan,
          );
          const uncached = await measureFloor(
            () => runSessionChild('ours-uncached', 'list', configDir, 1),
            () => runSessionChild('ours-uncached', 'list', configDir, plan.steadyCalls),
            plan,
          );
          const floor = await measureFloor(
            () => runSessionChild('readfloor', 'list', configDir, 1),
            () => runSessionChild('readfloor', 'list', configDir, plan.steadyCalls),
            plan,
          );
          rows.push([
            kind,
            String(sessions),
            fmt(corpus.bytes / MB_BYTES),
            ...figureCells(figures),
            fmt(firstEver.firstCallMs, 1),
            fmt(figures.official.firstCallMs / firstEver.firstCallMs, 1),
            fmt(floor.firstCallMs, 1),
            fmt(figures.ours.firstCallMs / floor.firstCallMs, 2),
            fmt(firstEver.firstCallMs / floor.firstCallMs, 2),
            fmt(floor.steadyMs, 1),
            fmt(figures.ours.steadyMs / floor.steadyMs, 2),
            fmt(figures.official.steadyMs / floor.steadyMs, 1),
            fmt(uncached.steadyMs, 1),
            fmt(figures.official.steadyMs / uncached.steadyMs, 1),
            fmt(uncached.steadyMs / floor.steadyMs, 2),
            fmt((figures.ours.steadyMs * 1000) / sessions, 1),
            fmt((uncached.steadyMs * 1000) / sessions, 1),
            fmt((floor.steadyMs * 1000) / sessions, 1),
          ]);
          raw.push({
            corpus: kind,
            sessions,
            corpusBytes: corpus.bytes,
            projects: corpus.projects,
            plan,
            figures,
            firstEver,
            uncached,
            floor,
          });
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
    }
    return {
      columns: [
        'corpus',
        'sessions',
        'corpus MB',
        ...FIGURE_COLUMNS,
        'ours first call, no index ms',
        'no-index first speedup',
        'read floor first ms',
        'ours / read floor (first)',
        'ours no index / read floor (first)',
        'read floor steady ms',
        'ours / read floor',
        'official / read floor',
        'ours uncached steady ms',
        'uncached speedup',
        'ours uncached / read floor',
        'ours steady µs/session',
        'ours uncached µs/session',
        'read floor µs/session',
      ],
      rows,
      notes: [
        'listSessions() with no options over every project (about 100 sessions per project folder), both sides pointed at the same CLAUDE_CONFIG_DIR.',
        ...figureNotes(planFor, sizes),
        'ours steady keeps the summaries of transcripts unchanged since its first call (checked by one stat each: inode, size, mtime, ctime), as a session browser listing again would; "ours uncached" drops them before each call (clearSessionSummaryCache) and runs with CCSDK_SESSION_INDEX=off, so each call reads every transcript as the first call does, warm code. Both compare to the same official steady mean and read floor.',
        'ours first call: a new process whose config dir holds our summary index (<config dir>/ccsdk/session-summaries.json, written by an earlier listing: the corpus is listed once before the rounds), so unchanged transcripts are stat\'ed, not read, as on every listing after the first on a machine. "ours first call, no index": the same with the index removed before each run, as the first listing of a config dir ever (it reads every transcript and writes the index).',
        'results: digest of sorted "sessionId:summary" pairs, compared between the sides. Page cache warm (corpus just written).',
        'read floor: a plain child that lists every project folder, then opens, fstats, reads the first and the last 64 KiB of every transcript and closes it (synchronously, one file after another): the least I/O a listing can do. "ours / read floor" is our steady mean over its steady mean.',
        'template: synthetic transcripts shaped like CLI 2.1.332 output (prompt snapshots, request shapes, tool calls and results), 10 KB to 2 MB, about 100 sessions a project.',
        'real-cli: replicated from transcripts the real CLI 2.1.332 wrote against the scripted fake (tool calls and results, a long tool result, a subagent, an image read, a compaction, queued prompts; generated once into a cache folder, see session-seed-transcripts.ts), fresh uuids, 30 projects, sizes log-uniform 70% 2-64 KiB, 25% 64 KiB-1 MiB, 5% 1-5 MiB (30,000 sessions: the larger classes a quarter as large, see corpus-real-cli.ts). Choose corpora with SESSION_LIST_BENCH_CORPORA=template,real-cli.',
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
