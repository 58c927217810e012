/**
 * `importSessionToStore` of one local transcript into a store, ours against the official
 * `@anthropic-ai/claude-agent-sdk` 0.3.332 in the same run, at 1, 50 and 500 MB.
 *
 * Each import runs in its own child process (fresh heap, `process.resourceUsage().maxRSS` is the
 * peak of that import alone), five times per side and size, alternating sides; the table shows
 * medians. Both sides import into the same kind of store: it counts entries and append calls and
 * keeps nothing, so the figures are the importer's own. Transcripts are synthetic but shaped like
 * CLI 2.1.332's (prompts, attachments, assistant text and tool calls, tool results of 1-24 KiB),
 * generated under the temp dir at run time and removed afterwards.
 *
 * Run alone: `node --expose-gc --import tsx src/import-session.bench.ts` (from tooling/bench).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { MB_BYTES, median } from './stats.js';

/** Transcript sizes measured, in decimal MB. */
const SIZES_MB = [1, 50, 500] as const;

/** Child runs per side and size. */
const RUNS = 5;

/** The session every transcript is written as. */
const SESSION_ID = '5e55101d-0000-4000-8000-00000000b0b0';

/** Bytes buffered before one write while generating a transcript: 4 MiB. */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;

const THIS_FILE = fileURLToPath(import.meta.url);

/** The tsx loader, by absolute URL so children can run in any working directory. */
const TSX_LOADER = import.meta.resolve('tsx');

interface ChildResult {
  readonly ms: number;
  readonly peakRssMiB: number;
  readonly baselineRssMiB: number;
  readonly entries: number;
  readonly appends: number;
}

function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

/** One import in this (child) process; prints its figures as JSON. */
async function runChild(side: string, configDir: string, dir: string): Promise<void> {
  let entries = 0;
  let appends = 0;
  const store = {
    async append(_key: unknown, batch: unknown[]): Promise<void> {
      appends++;
      entries += batch.length;
    },
    async load(): Promise<null> {
      return null;
    },
  };
  // tooling/bench does not list @ccsdk/session-store yet, so it comes from the package folder.
  const importer =
    side === 'ours'
      ? (await import('@ccsdk/session-store')).importSessionToStore
      : (await import('@anthropic-ai/claude-agent-sdk')).importSessionToStore;
  (globalThis as { gc?: () => void }).gc?.();
  const baselineRssMiB = process.memoryUsage.rss() / (1024 * 1024);
  const start = process.hrtime.bigint();
  await importer(
    SESSION_ID,
    store as never,
    side === 'ours' ? { dir, configDir, includeSubagents: false } : { dir, includeSubagents: false },
  );
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const result: ChildResult = {
    ms,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    baselineRssMiB,
    entries,
    appends,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function runInChild(side: 'ours' | 'official', configDir: string, dir: string): ChildResult {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      '--conditions=@ccsdk/source',
      '--import',
      TSX_LOADER,
      THIS_FILE,
      '--child',
      side,
      configDir,
      dir,
    ],
    {
      env: { ...process.env, CLAUDE_CONFIG_DIR: configDir },
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 1024 * 1024,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as ChildResult;
}

const benchmark: Benchmark = {
  name: 'import-session',
  title: 'importSessionToStore of 1, 50 and 500 MB transcripts: ours vs the official SDK (time, peak RSS)',
  async run(): Promise<BenchTable> {
    const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-import-'));
    const rows: string[][] = [];
    const raw: Record<string, unknown>[] = [];
    try {
      for (const mb of SIZES_MB) {
        const configDir = join(root, `config-${mb}`);
        const dir = join(root, `project-${mb}`);
        mkdirSync(dir, { recursive: true });
        const projectKey = dir.replace(/[^a-zA-Z0-9]/g, '-');
        mkdirSync(join(configDir, 'projects', projectKey), { recursive: true });
        const lines = writeTranscript(
          join(configDir, 'projects', projectKey, `${SESSION_ID}.jsonl`),
          mb * MB_BYTES,
          mb,
        );
        const results: Record<'ours' | 'official', ChildResult[]> = { ours: [], official: [] };
        for (let i = 0; i < RUNS; i++) {
          for (const side of ['ours', 'official'] as const)
            results[side].push(runInChild(side, configDir, dir));
        }
        const summary = (side: 'ours' | 'official') => {
          const list = results[side];
          return {
            ms: median(list.map((r) => r.ms)),
            peak: median(list.map((r) => r.peakRssMiB)),
            base: median(list.map((r) => r.baselineRssMiB)),
            entries: list[0]!.entries,
            appends: list[0]!.appends,
          };
        };
        const ours = summary('ours');
        const official = summary('official');
        if (ours.entries !== lines || official.entries !== lines) {
          throw new Error(
            `entry counts differ: file ${lines}, ours ${ours.entries}, official ${official.entries}`,
          );
        }
        for (const [name, s] of [
          ['ours', ours],
          ['official', official],
        ] as const) {
          rows.push([
            `${mb} MB`,
            name,
            `${(s.ms / 1000).toFixed(2)} s`,
            `${((mb * MB_BYTES) / MB_BYTES / (s.ms / 1000)).toFixed(0)} MB/s`,
            `${s.peak.toFixed(0)} MiB`,
            `${(s.peak - s.base).toFixed(0)} MiB`,
            String(s.appends),
            name === 'ours' ? `${(official.ms / ours.ms).toFixed(2)}x` : '',
          ]);
        }
        raw.push({ mb, lines, ours: results.ours, official: results.official });
        rmSync(configDir, { recursive: true, force: true });
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
    return {
      columns: [
        'transcript',
        'side',
        'time (median of 5)',
        'throughput',
        'peak RSS',
        'RSS growth',
        'append calls',
        'speed vs official',
      ],
      rows,
      notes: [
        "Each import in its own child process; peak RSS = that process's maxRSS; growth = peak minus RSS after loading, before the import.",
        'speed vs official = official time / our time (above 1: ours is faster).',
        "Both sides: includeSubagents false, a store that only counts (append calls, entries); entry counts checked equal to the file's lines.",
      ],
      raw,
    };
  },
};

export default benchmark;

if (process.argv[2] === '--child') {
  await runChild(process.argv[3]!, process.argv[4]!, process.argv[5]!);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const table = await benchmark.run();
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}
