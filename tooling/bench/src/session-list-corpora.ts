import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  generateRealCliCorpus,
  generateRealCliSession,
  ISSUE_SIZE_MIX,
  type PlantedPrompt,
  REDUCED_SIZE_MIX,
  type RealCliCorpus,
} from './corpus-real-cli.js';
import { generateListingCorpus } from './session-corpus.js';
import { realCliSeeds } from './session-seed-transcripts.js';

/** The corpora a session benchmark runs on: template transcripts, or ones replicated from the real CLI's. */
export type CorpusKind = 'template' | 'real-cli';

const KINDS: readonly CorpusKind[] = ['template', 'real-cli'];

/** Corpora chosen by `SESSION_LIST_BENCH_CORPORA` (comma-separated); both by default. */
export function selectedCorpora(env = process.env['SESSION_LIST_BENCH_CORPORA']): CorpusKind[] {
  if (env === undefined || env.trim() === '') return [...KINDS];
  const chosen = env.split(',').map((name) => name.trim());
  const unknown = chosen.filter((name) => !KINDS.includes(name as CorpusKind));
  if (unknown.length > 0)
    throw new Error(`unknown corpus ${unknown.join(', ')}; choose from ${KINDS.join(', ')}`);
  return chosen as CorpusKind[];
}

/** Sessions from which a corpus uses the reduced size mix (the full one would be 6.8 GB at 30,000). */
export const REDUCED_MIX_FROM_SESSIONS = 10_000;

/** Writes a listing corpus of `kind` with `sessions` into `configDir`: its size and sessions. */
export async function writeCorpusOf(
  kind: CorpusKind,
  configDir: string,
  sessions: number,
): Promise<{ readonly bytes: number; readonly projects: number }> {
  return kind === 'template'
    ? generateListingCorpus(configDir, sessions)
    : await writeListingCorpus(configDir, sessions);
}

/**
 * Writes a real-CLI listing corpus of `sessions` into `configDir` (seeds made first when not
 * cached), with `plant`'s prompt appended to some sessions when given.
 */
export async function writeListingCorpus(
  configDir: string,
  sessions: number,
  plant?: PlantedPrompt,
): Promise<RealCliCorpus> {
  const seeds = await realCliSeeds();
  const mix = sessions >= REDUCED_MIX_FROM_SESSIONS ? REDUCED_SIZE_MIX : ISSUE_SIZE_MIX;
  return generateRealCliCorpus(configDir, sessions, seeds, {
    mix,
    ...(plant === undefined ? {} : { plant }),
  });
}

/** One real-CLI session written by {@link writeRealCliTranscript}. */
export interface RealCliTranscript {
  readonly sessionId: string;
  readonly path: string;
  readonly bytes: number;
  /** Its lines: every one an entry. */
  readonly lines: number;
}

/** Bytes read at a time when counting a transcript's lines. */
const COUNT_CHUNK_BYTES = 4 * 1024 * 1024;

function countLines(path: string): number {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(COUNT_CHUNK_BYTES);
  let lines = 0;
  try {
    for (let read = readSync(fd, chunk); read > 0; read = readSync(fd, chunk)) {
      for (let at = chunk.indexOf(0x0a); at !== -1 && at < read; at = chunk.indexOf(0x0a, at + 1)) lines++;
    }
  } finally {
    closeSync(fd);
  }
  return lines;
}

/**
 * Writes one session of whole passes over the first real-CLI seed, up to `bytes`, as every
 * session of a listing corpus is replicated (its entries in order with fresh ids each pass, the
 * chain continued, but no line left out, so the conversation spans the file), as
 * `<configDir>/projects/<projectKey>/<id>.jsonl`: the real-CLI counterpart of one long template
 * transcript. `seeds` (the seed transcripts' texts) defaults to the real CLI's ({@link realCliSeeds}).
 */
export async function writeRealCliTranscript(
  configDir: string,
  projectKey: string,
  bytes: number,
  seeds?: readonly string[],
): Promise<RealCliTranscript> {
  const folder = join(configDir, 'projects', projectKey);
  const seedTexts = seeds ?? (await realCliSeeds());
  const { sessionId } = generateRealCliSession(folder, bytes, seedTexts, '/home/dev/big-project');
  const path = join(folder, `${sessionId}.jsonl`);
  return { sessionId, path, bytes: statSync(path).size, lines: countLines(path) };
}
