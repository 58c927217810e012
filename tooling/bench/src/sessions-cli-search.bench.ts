import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Benchmark, BenchTable } from './bench-api.js';
import { fmt, selectedSizes } from './bench-children.js';
import { runWhenMain } from './bench-main.js';
import { generateListingCorpus } from './session-corpus.js';
import { type CorpusKind, selectedCorpora, writeListingCorpus } from './session-list-corpora.js';
import {
  CCSDK_MAIN,
  medianPeakRssMiB,
  medianWallMs,
  rotatingRounds,
  SESSIONS_CLI_FLOOR,
} from './sessions-cli-support.js';
import { MB_BYTES, MIB_BYTES } from './stats.js';
import { timedProcess } from './timed-process.js';

/** Corpus sizes in MiB; others with `--sizes=100,669` or `SESSIONS_CLI_SEARCH_MIB`. */
const DEFAULT_CORPUS_MIB = [167, 335, 669];
/** Mean transcript size the template corpus generator writes, in bytes (measured: 118.8 MB for 1,000 sessions). */
const MEAN_SESSION_BYTES = 118_778;
/** Mean transcript size of the real-CLI corpus, in bytes (measured: 707.1 MB for 3,000 sessions). */
const REAL_CLI_MEAN_SESSION_BYTES = 235_700;
/** Rounds per size; each runs every side once, the order rotating. */
const ROUNDS = 3;
/** What the search looks for: a prompt a few sessions of the corpus hold. */
const SEARCH_TEXT = 'test number 999';
/**
 * The real-CLI corpus repeats its seeds' prompts, none of which holds {@link SEARCH_TEXT}: this
 * prompt is appended to one session in {@link PLANT_EVERY} (3 of 1,500, 6 of 3,000), as the
 * template corpus has a few sessions whose prompt holds it.
 */
const PLANTED_PROMPT = 'Please run test number 999 again and tell me what failed';
const PLANT_EVERY = 500;

/** A search corpus: its size, its sessions, and how many got the planted prompt (real-CLI only). */
interface SearchCorpus {
  readonly bytes: number;
  readonly sessions: number;
  readonly planted: number | undefined;
}

/** Writes a search corpus of `kind` of about `mib` MiB into `configDir`. */
async function writeSearchCorpus(kind: CorpusKind, configDir: string, mib: number): Promise<SearchCorpus> {
  if (kind === 'template') {
    const corpus = generateListingCorpus(configDir, Math.round((mib * MIB_BYTES) / MEAN_SESSION_BYTES));
    return { ...corpus, planted: undefined };
  }
  const sessions = Math.round((mib * MIB_BYTES) / REAL_CLI_MEAN_SESSION_BYTES);
  return writeListingCorpus(configDir, sessions, { text: PLANTED_PROMPT, every: PLANT_EVERY });
}

/** The matching session ids a side printed, sorted: `--json` hits, or one id a line. */
function matchedIds(stdout: string, json: boolean): string {
  const ids = json
    ? (JSON.parse(stdout) as { session: { sessionId: string } }[]).map((hit) => hit.session.sessionId)
    : stdout.split('\n').filter((line) => line !== '');
  return ids.sort().join(',');
}

const benchmark: Benchmark = {
  name: 'sessions-cli-search',
  title:
    '`ccsdk sessions search` as a whole process, against bare Node processes (the library, and reading the bytes) and grep',
  async run(): Promise<BenchTable> {
    const rows: string[][] = [];
    const raw: unknown[] = [];
    for (const mib of selectedSizes('SESSIONS_CLI_SEARCH_MIB', DEFAULT_CORPUS_MIB)) {
      for (const kind of selectedCorpora()) {
        const root = mkdtempSync(join(tmpdir(), 'ccsdk-bench-cli-search-'));
        try {
          const config = join(root, 'config');
          const corpus = await writeSearchCorpus(kind, config, mib);
          const env = { ...process.env, CLAUDE_CONFIG_DIR: config };
          const search = ['sessions', 'search', SEARCH_TEXT, '--all-projects', '--json'];
          const runs = await rotatingRounds(
            {
              ours: () => timedProcess(process.execPath, [CCSDK_MAIN, ...search], env),
              // The same text as a regular expression: no raw-byte prefilter, every session parsed.
              regex: () => timedProcess(process.execPath, [CCSDK_MAIN, ...search, '--regex'], env),
              library: () =>
                timedProcess(process.execPath, [SESSIONS_CLI_FLOOR, 'search-library', SEARCH_TEXT], env),
              read: () =>
                timedProcess(process.execPath, [SESSIONS_CLI_FLOOR, 'search-read', SEARCH_TEXT], env),
              // grep exits 1 when nothing matches.
              grep: () =>
                timedProcess(
                  'grep',
                  ['-rliF', '--include=*.jsonl', SEARCH_TEXT, join(config, 'projects')],
                  env,
                  [0, 1],
                ),
            },
            ROUNDS,
          );
          const ours = matchedIds(runs['ours']![0]!.stdout, true);
          const hits = ours === '' ? 0 : ours.split(',').length;
          // On the real-CLI corpus the hits are known: the sessions the prompt was planted in.
          const agree =
            (corpus.planted === undefined || hits === corpus.planted) &&
            ours === matchedIds(runs['regex']![0]!.stdout, true) &&
            ours === matchedIds(runs['library']![0]!.stdout, false) &&
            ours === matchedIds(runs['read']![0]!.stdout, false);
          const oursMs = medianWallMs(runs['ours']!);
          const versus = (side: string) => {
            const ms = medianWallMs(runs[side]!);
            return `${fmt(ms, 0)} (${fmt(oursMs / ms, 2)})`;
          };
          rows.push([
            kind,
            fmt(corpus.bytes / MIB_BYTES),
            String(corpus.sessions),
            String(hits),
            fmt(oursMs, 0),
            fmt(corpus.bytes / MB_BYTES / (oursMs / 1000), 0),
            `${fmt(medianWallMs(runs['regex']!), 0)} (${fmt(corpus.bytes / MB_BYTES / (medianWallMs(runs['regex']!) / 1000), 0)})`,
            versus('library'),
            versus('read'),
            versus('grep'),
            `${fmt(medianPeakRssMiB(runs['ours']!))} / ${fmt(medianPeakRssMiB(runs['library']!))} / ${fmt(medianPeakRssMiB(runs['read']!))}`,
            agree ? 'same' : 'DIFFERENT',
          ]);
          raw.push({ corpus: kind, mib, corpusBytes: corpus.bytes, sessions: corpus.sessions, runs });
        } finally {
          rmSync(root, { recursive: true, force: true });
        }
      }
    }
    return {
      columns: [
        'corpus',
        'corpus MiB',
        'sessions',
        'hits',
        'ours ms',
        'ours MB/s',
        'ours --regex ms (MB/s)',
        'library floor ms (ours / it)',
        'read floor ms (ours / it)',
        'grep -rliF ms (ours / it)',
        'peak RSS MiB ours / library / read',
        'results',
      ],
      rows,
      notes: [
        'Median wall time of whole processes (spawn to exit), from rounds that rotate which side runs first; peak RSS from GNU time.',
        `ours = \`ccsdk sessions search "${SEARCH_TEXT}" --all-projects --json\`: every session's messages through getSessionMessages(), the text a person reads matched case-insensitively, hits streamed; a plain ASCII text first rules transcripts out from their raw bytes. --regex: the same search as a pattern, so no prefilter: every session parsed.`,
        "library floor = bare Node: listSessions(), getSessionMessages() of each, a case-insensitive includes() over each message's JSON. read floor = bare Node reading every transcript whole and Buffer.indexOf (I/O and a byte search, no parsing). grep = GNU grep -rliF over the same files.",
        `${ROUNDS} rounds. results: the matching session ids of ours, ours --regex, the library floor and the read floor compared (and on real-cli, their count with the sessions planted). Corpora: template (session-corpus.ts) and real-cli (replicated from transcripts the real CLI wrote, corpus-real-cli.ts, with \`${PLANTED_PROMPT}\` appended to one session in ${PLANT_EVERY}; SESSION_LIST_BENCH_CORPORA picks), page cache warm. The machine is shared: expect noise.`,
      ],
      raw,
    };
  },
};

export default benchmark;

await runWhenMain(import.meta.url, benchmark);
