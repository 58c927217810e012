import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { fmt, runSide, selectedSizes } from './session-bench-support.js';
import { generateListingCorpus } from './session-corpus.js';
import { MB_BYTES } from './stats.js';

/** Corpus sizes in sessions; choose others with `--sizes=300,3000` or `SESSION_LIST_BENCH_SIZES`. */
const DEFAULT_SESSION_COUNTS = [300, 3000, 30000];

/** Timed runs per side: more for small corpora, fewer for the largest; the median is reported. */
function runsFor(sessions: number): number {
  return sessions <= 300 ? 7 : sessions <= 3000 ? 3 : 2;
}

const benchmark: Benchmark = {
  name: 'session-list',
  title:
    'listSessions() over a synthetic config dir: @ccsdk/session-jsonl against @anthropic-ai/claude-agent-sdk',
  async run(): Promise<BenchTable> {
    const sizes = selectedSizes('SESSION_LIST_BENCH_SIZES', DEFAULT_SESSION_COUNTS);
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const sessions of sizes) {
      const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-list-'));
      try {
        const corpus = generateListingCorpus(join(root, 'config'), sessions);
        const runs = runsFor(sessions);
        const ours = await runSide('ours', 'list', join(root, 'config'), runs);
        const official = await runSide('official', 'list', join(root, 'config'), runs);
        rows.push([
          String(sessions),
          fmt(corpus.bytes / MB_BYTES),
          ours.ok ? fmt(ours.medianMs) : `failed`,
          official.ok ? fmt(official.medianMs) : 'failed',
          fmt(official.medianMs / ours.medianMs, 1),
          fmt((ours.medianMs * 1000) / sessions, 1),
          fmt(ours.peakRssMiB),
          fmt(official.peakRssMiB),
          fmt(ours.peakRssMiB / official.peakRssMiB, 2),
          `${fmt(ours.peakRssMiB - ours.loadedRssMiB)} / ${fmt(official.peakRssMiB - official.loadedRssMiB)}`,
          ours.ok && official.ok ? (ours.digest === official.digest ? 'same' : 'DIFFERENT') : '-',
        ]);
        raw.push({ sessions, corpusBytes: corpus.bytes, projects: corpus.projects, runs, ours, official });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
    return {
      columns: [
        'sessions',
        'corpus MB',
        'ours ms',
        'official ms',
        'speedup',
        'ours µs/session',
        'ours peak RSS MiB',
        'official peak RSS MiB',
        'RSS ours/official',
        'MiB above load ours/official',
        'results',
      ],
      rows,
      notes: [
        'listSessions() with no options over every project (about 100 sessions per project folder), both sides pointed at the same CLAUDE_CONFIG_DIR.',
        'Each side runs in its own `node --expose-gc --import tsx` process (ours from the built dist); peak RSS is that whole process, "above load" is the peak minus the RSS after the module was imported.',
        'Median wall time of 7 runs (300 sessions), 3 runs (3,000) or 2 runs (30,000); page cache warm (corpus just written).',
        'results: digest of sorted "sessionId:summary" pairs, compared between the sides.',
        'Transcripts are synthetic, shaped like CLI 2.1.332 output (prompt snapshots, request shapes, tool calls and results), 10 KB to 2 MB.',
      ],
      raw,
    };
  },
};

export default benchmark;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = await benchmark.run();
  console.log(`== ${benchmark.name}: ${benchmark.title}`);
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}
