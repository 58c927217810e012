import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, BenchTable } from './bench-api.js';
import {
  FIGURE_COLUMNS,
  figureCells,
  figureNotes,
  fmt,
  type MeasurePlan,
  measureCase,
  selectedSizes,
} from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { runSessionChild } from './session-bench-support.js';
import { generateLongTranscript } from './session-corpus.js';
import { selectedCorpora, writeRealCliTranscript } from './session-list-corpora.js';
import { MB_BYTES } from './stats.js';

/** Transcript sizes in MB; choose others with `--sizes=1,50` or `SESSION_MESSAGES_BENCH_SIZES`. */
const DEFAULT_TRANSCRIPT_MB = [1, 50, 500];

/** Rounds and calls per size: many short calls for small transcripts, one each for the largest. */
function planFor(megabytes: number): MeasurePlan {
  if (megabytes <= 1) return { rounds: 5, steadyCalls: 40, warmupCalls: 10 };
  if (megabytes <= 50) return { rounds: 3, steadyCalls: 5, warmupCalls: 1 };
  return { rounds: 1, steadyCalls: 0, warmupCalls: 0 };
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
      for (const kind of selectedCorpora()) {
        const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-messages-'));
        try {
          const configDir = join(root, 'config');
          const transcript =
            kind === 'template'
              ? generateLongTranscript(configDir, megabytes * MB_BYTES)
              : await writeRealCliTranscript(configDir, '-home-dev-big-project', megabytes * MB_BYTES);
          const plan = planFor(megabytes);
          const figures = await measureCase(
            (side, calls) => runSessionChild(side, 'messages', configDir, calls, transcript.sessionId),
            plan,
          );
          rows.push([
            kind,
            fmt(transcript.bytes / MB_BYTES, 2),
            String(figures.ours.count),
            ...figureCells(figures),
            fmt(figures.ours.steadyMs / (transcript.bytes / MB_BYTES), 2),
          ]);
          raw.push({ corpus: kind, megabytes, transcript, plan, figures });
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
    }
    return {
      columns: ['corpus', 'transcript MB', 'messages', ...FIGURE_COLUMNS, 'ours steady ms/MB'],
      rows,
      notes: [
        'getSessionMessages(id) with no options (all messages), both sides pointed at the same CLAUDE_CONFIG_DIR.',
        ...figureNotes(planFor, sizes),
        'results: digest of the sorted message uuids, compared between the sides. Page cache warm (transcript just written).',
        'messages: how many ours returned (the results column compares them with the official side).',
        'template: a synthetic transcript shaped like CLI 2.1.332 output: per turn a prompt, attachments (one ~15 KB prompt snapshot), a tool call, a 2-40 KB tool result (stored twice, as the CLI does) and an answer.',
        'real-cli: one session of whole passes over a transcript the real CLI 2.1.332 wrote against the scripted fake (its entries in order with fresh ids each pass, the chain continued, so the conversation read back spans the file; see corpus-real-cli.ts). Choose corpora with SESSION_LIST_BENCH_CORPORA=template,real-cli.',
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
