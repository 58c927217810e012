import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { fmt, runSide, selectedSizes } from './session-bench-support.js';
import { generateLongTranscript } from './session-corpus.js';
import { MB_BYTES } from './stats.js';

/** Transcript sizes in MB; choose others with `--sizes=1,50` or `SESSION_MESSAGES_BENCH_SIZES`. */
const DEFAULT_TRANSCRIPT_MB = [1, 50, 500];

function runsFor(megabytes: number): number {
  return megabytes <= 1 ? 9 : megabytes <= 50 ? 5 : 2;
}

const benchmark: Benchmark = {
  name: 'session-messages',
  title:
    'getSessionMessages() on one long transcript: @ccsdk/session-jsonl against @anthropic-ai/claude-agent-sdk',
  async run(): Promise<BenchTable> {
    const sizes = selectedSizes('SESSION_MESSAGES_BENCH_SIZES', DEFAULT_TRANSCRIPT_MB);
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const megabytes of sizes) {
      const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-messages-'));
      try {
        const transcript = generateLongTranscript(join(root, 'config'), megabytes * MB_BYTES);
        const runs = runsFor(megabytes);
        const ours = await runSide('ours', 'messages', join(root, 'config'), runs, transcript.sessionId);
        const official = await runSide(
          'official',
          'messages',
          join(root, 'config'),
          runs,
          transcript.sessionId,
        );
        rows.push([
          fmt(transcript.bytes / MB_BYTES),
          String(transcript.messages),
          ours.ok ? fmt(ours.medianMs) : 'failed',
          official.ok ? fmt(official.medianMs) : `failed`,
          fmt(official.medianMs / ours.medianMs, 1),
          fmt(ours.medianMs / (transcript.bytes / MB_BYTES), 2),
          fmt(ours.peakRssMiB),
          fmt(official.peakRssMiB),
          fmt(ours.peakRssMiB / official.peakRssMiB, 2),
          `${fmt(ours.peakRssMiB - ours.loadedRssMiB)} / ${fmt(official.peakRssMiB - official.loadedRssMiB)}`,
          ours.ok && official.ok ? (ours.digest === official.digest ? 'same' : 'DIFFERENT') : '-',
        ]);
        raw.push({ megabytes, transcript, runs, ours, official });
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
    return {
      columns: [
        'transcript MB',
        'messages',
        'ours ms',
        'official ms',
        'speedup',
        'ours ms/MB',
        'ours peak RSS MiB',
        'official peak RSS MiB',
        'RSS ours/official',
        'MiB above load ours/official',
        'results',
      ],
      rows,
      notes: [
        'getSessionMessages(id) with no options (all messages), both sides pointed at the same CLAUDE_CONFIG_DIR.',
        'Each side runs in its own `node --expose-gc --import tsx` process (ours from the built dist); peak RSS is that whole process, "above load" is the peak minus the RSS after the module was imported.',
        'Median wall time of 9 runs (1 MB), 5 runs (50 MB) or 2 runs (500 MB); page cache warm.',
        'results: digest of the sorted message uuids, compared between the sides.',
        'The transcript is synthetic, shaped like CLI 2.1.332 output: per turn a prompt, attachments (one ~15 KB prompt snapshot), a tool call, a 2-40 KB tool result (stored twice, as the CLI does) and an answer.',
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
