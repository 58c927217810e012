import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, BenchTable } from './bench-api.js';
import { fmt, selectedSizes } from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { selectedCorpora, writeCorpusOf } from './session-list-corpora.js';
import {
  CCSDK_MAIN,
  medianPeakRssMiB,
  medianWallMs,
  rotatingRounds,
  SESSIONS_CLI_FLOOR,
} from './sessions-cli-support.js';
import { MB_BYTES } from './stats.js';
import { timedProcess } from './timed-process.js';

/** Listing sizes in sessions; others with `--sizes=300,3000` or `SESSIONS_CLI_LIST_SIZES`. */
const DEFAULT_SESSION_COUNTS = [300, 1000, 3000];
/** Rounds per size; each runs every side once, the order rotating. */
const ROUNDS = 7;
/** The bound: `ccsdk sessions list --json` over 3,000 sessions costs at most this many times the bare library process. */
const RATIO_BOUND = 1.5;

const benchmark: Benchmark = {
  name: 'sessions-cli-list',
  title:
    '`ccsdk sessions list --json` as a whole process, against a bare Node process that calls listSessions() and prints it',
  async run(): Promise<BenchTable> {
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const sessions of selectedSizes('SESSIONS_CLI_LIST_SIZES', DEFAULT_SESSION_COUNTS)) {
      for (const kind of selectedCorpora()) {
        const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-cli-list-'));
        try {
          const corpus = await writeCorpusOf(kind, join(root, 'config'), sessions);
          const env = { ...process.env, CLAUDE_CONFIG_DIR: join(root, 'config') };
          const runs = await rotatingRounds(
            {
              ours: () =>
                timedProcess(
                  process.execPath,
                  [CCSDK_MAIN, 'sessions', 'list', '--all-projects', '--json'],
                  env,
                ),
              library: () => timedProcess(process.execPath, [SESSIONS_CLI_FLOOR, 'list'], env),
              bare: () => timedProcess(process.execPath, ['-e', ''], env),
            },
            ROUNDS,
          );
          const parsed = (side: string) => JSON.stringify(JSON.parse(runs[side]![0]!.stdout));
          const ours = medianWallMs(runs['ours']!);
          const library = medianWallMs(runs['library']!);
          const bare = medianWallMs(runs['bare']!);
          rows.push([
            kind,
            String(sessions),
            fmt(corpus.bytes / MB_BYTES),
            fmt(ours, 1),
            fmt(library, 1),
            fmt(ours / library, 2),
            fmt(bare, 1),
            `${fmt(ours - bare, 1)} / ${fmt(library - bare, 1)}`,
            `${fmt(medianPeakRssMiB(runs['ours']!))} / ${fmt(medianPeakRssMiB(runs['library']!))} / ${fmt(medianPeakRssMiB(runs['bare']!))}`,
            parsed('ours') === parsed('library') ? 'same' : 'DIFFERENT',
          ]);
          raw.push({ corpus: kind, sessions, corpusBytes: corpus.bytes, projects: corpus.projects, runs });
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
        'ours ms',
        'library floor ms',
        `ours / floor (bound ${RATIO_BOUND})`,
        'bare node ms',
        'above bare node ms ours / floor',
        'peak RSS MiB ours / floor / bare',
        'results',
      ],
      rows,
      notes: [
        'Median wall time of whole processes (spawn to exit: start-up, module loading, listing, printing), from rounds that rotate which side runs first; peak RSS from GNU time.',
        `ours = \`node apps/cli/dist/main.js sessions list --all-projects --json\`; library floor = bare Node importing @ccsdk/session-jsonl's dist, calling listSessions() and printing JSON.stringify(result, null, 2); bare node = \`node -e ''\`. ${ROUNDS} rounds.`,
        'results: the two outputs parsed and compared. Corpora: template (session-corpus.ts) and real-cli (replicated from transcripts the real CLI wrote, see corpus-real-cli.ts; SESSION_LIST_BENCH_CORPORA picks), page cache warm. The machine is shared: expect noise.',
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
