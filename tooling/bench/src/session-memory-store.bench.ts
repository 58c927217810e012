/**
 * `importSessionToStore()` of one ~5 MB transcript into each SDK's own `InMemorySessionStore`,
 * `append()` of its entries and `load()` of it back, ours against the official `@anthropic-ai/claude-agent-sdk` 0.3.332 in
 * the same run, on two transcripts: the template one (session-corpus.ts) and one replicated from
 * a transcript the real CLI wrote (corpus-real-cli.ts). Every figure comes from fresh plain-node
 * children (`session-memory-store-child.mjs`) in rounds that alternate which side goes first.
 */
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import {
  FIGURE_COLUMNS,
  figureCells,
  figureNotes,
  fmt,
  type MeasurePlan,
  measureCase,
  runBenchChild,
} from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { generateRealCliCorpus } from './corpus-real-cli.js';
import { generateLongTranscript } from './session-corpus.js';
import { type CorpusKind, selectedCorpora } from './session-list-corpora.js';
import { realCliSeeds } from './session-seed-transcripts.js';
import { MB_BYTES } from './stats.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'session-memory-store-child.mjs');

/** The transcript size, as in the issue: 5.1 MB. */
const TRANSCRIPT_BYTES = 5.1 * MB_BYTES;

/** Rounds and calls: 11 rounds (medians of 11: single runs vary ±15% on a shared 2-core machine), a few calls per steady child. */
const PLAN: MeasurePlan = { rounds: 11, steadyCalls: 5, warmupCalls: 1 };

/** Writes the transcript of `kind` under `<configDir>/projects/<key of dir>/`; returns its session id. */
async function writeTranscript(kind: CorpusKind, configDir: string, dir: string): Promise<string> {
  const projectKey = realpathSync(dir).replace(/[^a-zA-Z0-9]/g, '-');
  const scratch = join(configDir, 'scratch');
  let folder: string;
  if (kind === 'template') {
    generateLongTranscript(scratch, TRANSCRIPT_BYTES);
    folder = join(scratch, 'projects', '-home-dev-big-project');
  } else {
    const mix = [{ share: 1, minBytes: TRANSCRIPT_BYTES, maxBytes: TRANSCRIPT_BYTES }];
    generateRealCliCorpus(scratch, 1, await realCliSeeds(), { mix });
    folder = join(scratch, 'projects', '-home-dev-project-0');
  }
  const name = readdirSync(folder).find((file) => file.endsWith('.jsonl'))!;
  mkdirSync(join(configDir, 'projects', projectKey), { recursive: true });
  renameSync(join(folder, name), join(configDir, 'projects', projectKey, name));
  rmSync(scratch, { recursive: true, force: true });
  return name.slice(0, -'.jsonl'.length);
}

const benchmark: Benchmark = {
  name: 'session-memory-store',
  title:
    'importSessionToStore() into InMemorySessionStore and load(): ours vs the official SDK (time, peak RSS)',
  async run(): Promise<BenchTable> {
    const rows: string[][] = [];
    const raw: Record<string, unknown>[] = [];
    for (const kind of selectedCorpora()) {
      const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-memstore-'));
      try {
        const configDir = join(root, 'config');
        const dir = join(root, 'project');
        mkdirSync(dir, { recursive: true });
        const sessionId = await writeTranscript(kind, configDir, dir);
        const projectKey = realpathSync(dir).replace(/[^a-zA-Z0-9]/g, '-');
        const bytes = statSync(join(configDir, 'projects', projectKey, `${sessionId}.jsonl`)).size;
        for (const op of ['import', 'append', 'load'] as const) {
          const figures = await measureCase(
            (side, calls) => runBenchChild(CHILD, [side, op, configDir, dir, sessionId, String(calls)]),
            PLAN,
          );
          rows.push([
            kind,
            op,
            fmt(bytes / MB_BYTES, 2),
            String(figures.ours.count),
            ...figureCells(figures),
          ]);
          raw.push({ corpus: kind, op, bytes, plan: PLAN, figures });
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    }
    return {
      columns: ['corpus', 'op', 'transcript MB', 'entries', ...FIGURE_COLUMNS],
      rows,
      notes: [
        "import: importSessionToStore(id, new InMemorySessionStore(), { dir, includeSubagents: false }), each side with its own SDK and store; the store keeps every entry. append: the transcript's entries (parsed before the timing) appended to a new store in batches of 500. load: one load() of that transcript from the store it was imported into.",
        ...figureNotes(() => PLAN, [1]),
        'results: digest of the loaded entries (count, first and last uuid), compared between the sides.',
        'corpora: template (session-corpus.ts generateLongTranscript) and real-cli (one transcript the real CLI 2.1.332 wrote, replicated with fresh uuids to 5.1 MB; corpus-real-cli.ts).',
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
