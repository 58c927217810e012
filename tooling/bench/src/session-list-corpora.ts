import {
  generateRealCliCorpus,
  ISSUE_SIZE_MIX,
  REDUCED_SIZE_MIX,
  type RealCliCorpus,
} from './corpus-real-cli.js';
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

/** Writes a real-CLI listing corpus of `sessions` into `configDir` (seeds made first when not cached). */
export async function writeListingCorpus(configDir: string, sessions: number): Promise<RealCliCorpus> {
  const seeds = await realCliSeeds();
  const mix = sessions >= REDUCED_MIX_FROM_SESSIONS ? REDUCED_SIZE_MIX : ISSUE_SIZE_MIX;
  return generateRealCliCorpus(configDir, sessions, seeds, mix);
}
