/**
 * `importSessionToStore` of one local transcript into a store, ours against the official
 * `@anthropic-ai/claude-agent-sdk` 0.3.332 in the same run, at 1, 50 and 500 MB (choose others
 * with `--sizes=1,50` or `IMPORT_BENCH_SIZES`).
 *
 * Every figure comes from fresh plain-node children (`import-session-child.mjs`), in rounds that
 * alternate which side goes first: the first import of a fresh process with its peak RSS, the
 * steady import of a process that already imported a few times, and bare Node's peak RSS as the
 * floor. Both sides import into the same kind of store: it counts and keeps nothing, so the
 * figures are the importer's own. Each size runs on two transcripts (`SESSION_LIST_BENCH_CORPORA`
 * picks): a synthetic one shaped like CLI 2.1.332's (prompts, attachments, assistant text and
 * tool calls, tool results of 1-24 KiB), and one replicated from a transcript the real CLI wrote
 * (`writeRealCliTranscript`), both generated under the temp dir at run time and removed after.
 */
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  realpathSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
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
  selectedSizes,
} from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { prng } from './session-corpus.js';
import { selectedCorpora, writeRealCliTranscript } from './session-list-corpora.js';
import { MB_BYTES } from './stats.js';

/** Transcript sizes measured by default, in decimal MB. */
const DEFAULT_SIZES_MB = [1, 50, 500];

/** The session every transcript is written as. */
const SESSION_ID = '5e55101d-0000-4000-8000-00000000b0b0';

/** Bytes buffered before one write while generating a transcript: 4 MiB. */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'import-session-child.mjs');

const WORDS =
  'the session store mirrors each transcript entry after the local write succeeds and keeps "quotes" escaped\n'.split(
    ' ',
  );

/** Writes a synthetic transcript of about `bytes` bytes; returns its line count. */
function writeTranscript(path: string, bytes: number, seed: number): number {
  const random = prng(seed);
  const words = (n: number) =>
    Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const fd = openSync(path, 'w');
  let written = 0;
  let lines = 0;
  let pending: string[] = [];
  let pendingBytes = 0;
  let parent: string | null = null;
  const push = (entry: Record<string, unknown>) => {
    const line = `${JSON.stringify(entry)}\n`;
    pending.push(line);
    pendingBytes += Buffer.byteLength(line);
    lines++;
    if (pendingBytes >= WRITE_CHUNK_BYTES) {
      writeSync(fd, pending.join(''));
      written += pendingBytes;
      pending = [];
      pendingBytes = 0;
    }
  };
  let n = 0;
  while (written + pendingBytes < bytes) {
    const uuid = `00000000-0000-4000-8000-${String(n++).padStart(12, '0')}`;
    const base = {
      parentUuid: parent,
      isSidechain: false,
      sessionId: SESSION_ID,
      cwd: '/work/app',
      version: '2.1.332',
      uuid,
      timestamp: new Date(1_780_000_000_000 + n * 1000).toISOString(),
    };
    const kind = random();
    if (kind < 0.15)
      push({
        ...base,
        type: 'user',
        message: { role: 'user', content: words(20 + Math.floor(random() * 80)) },
      });
    else if (kind < 0.35)
      push({ ...base, type: 'attachment', attachment: { type: 'environment', text: words(100) } });
    else if (kind < 0.65)
      push({
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          id: `msg_${n}`,
          content: [{ type: 'text', text: words(30 + Math.floor(random() * 120)) }],
        },
      });
    else if (kind < 0.8)
      push({
        ...base,
        type: 'assistant',
        message: {
          role: 'assistant',
          id: `msg_${n}`,
          content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'Bash', input: { command: `echo ${n}` } }],
        },
      });
    else
      push({
        ...base,
        type: 'user',
        message: {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: `toolu_${n}`,
              content: words(150 + Math.floor(random() * 3500)),
            },
          ],
        },
      });
    parent = uuid;
  }
  if (pending.length > 0) writeSync(fd, pending.join(''));
  closeSync(fd);
  return lines;
}

/** Rounds and imports per size: many short imports for small transcripts, one each for the largest. */
function planFor(megabytes: number): MeasurePlan {
  if (megabytes <= 1) return { rounds: 5, steadyCalls: 40, warmupCalls: 10 };
  if (megabytes <= 50) return { rounds: 3, steadyCalls: 4, warmupCalls: 1 };
  return { rounds: 1, steadyCalls: 0, warmupCalls: 0 };
}

const benchmark: Benchmark = {
  name: 'import-session',
  title: 'importSessionToStore of 1, 50 and 500 MB transcripts: ours vs the official SDK (time, peak RSS)',
  async run(): Promise<BenchTable> {
    const sizes = selectedSizes('IMPORT_BENCH_SIZES', DEFAULT_SIZES_MB);
    const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-import-'));
    const rows: string[][] = [];
    const raw: Record<string, unknown>[] = [];
    try {
      for (const mb of sizes) {
        for (const kind of selectedCorpora()) {
          const configDir = join(root, `config-${kind}-${mb}`);
          const dir = join(root, `project-${kind}-${mb}`);
          mkdirSync(dir, { recursive: true });
          const projectKey = realpathSync(dir).replace(/[^a-zA-Z0-9]/g, '-');
          mkdirSync(join(configDir, 'projects', projectKey), { recursive: true });
          let sessionId = SESSION_ID;
          let lines: number;
          let bytes: number;
          if (kind === 'template') {
            const transcriptPath = join(configDir, 'projects', projectKey, `${SESSION_ID}.jsonl`);
            lines = writeTranscript(transcriptPath, mb * MB_BYTES, mb);
            bytes = statSync(transcriptPath).size;
          } else {
            const transcript = await writeRealCliTranscript(configDir, projectKey, mb * MB_BYTES);
            ({ sessionId, lines, bytes } = transcript);
          }
          const plan = planFor(mb);
          const figures = await measureCase(
            (side, calls) => runBenchChild(CHILD, [side, configDir, dir, sessionId, String(calls)]),
            plan,
          );
          for (const side of [figures.ours, figures.official]) {
            if (side.ok && side.count !== lines) {
              throw new Error(`entry count ${side.count} differs from the file's ${lines} lines`);
            }
          }
          rows.push([
            kind,
            fmt(bytes / MB_BYTES, 2),
            String(lines),
            ...figureCells(figures),
            fmt(bytes / MB_BYTES / (figures.ours.steadyMs / 1000)),
          ]);
          raw.push({ corpus: kind, mb, bytes, lines, plan, figures });
          rmSync(configDir, { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    return {
      columns: ['corpus', 'transcript MB', 'lines', ...FIGURE_COLUMNS, 'ours steady MB/s'],
      rows,
      notes: [
        "importSessionToStore(id, store, { dir, includeSubagents: false }) on both sides; the store counts entries and append calls and keeps nothing; entry counts checked equal to the file's lines.",
        ...figureNotes(planFor, sizes),
        'results: digest of entries, append calls and the first and last uuid of every batch, compared between the sides.',
        'template: synthetic entries (prompts, attachments, assistant text and tool calls, tool results of 1-24 KiB). real-cli: one session of whole passes over a transcript the real CLI 2.1.332 wrote against the scripted fake (fresh ids each pass; see corpus-real-cli.ts). Choose corpora with SESSION_LIST_BENCH_CORPORA=template,real-cli.',
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
