import { foldSummaryEntries, type SessionSummaryData } from '@ccsdk/session-jsonl';
import { isMainKey } from './session-key.js';
import type { SessionKey, SessionSummaryEntry } from './types.js';

/** Options of {@link foldSessionSummary}. */
export interface FoldSessionSummaryOptions {
  /** The storage write time to stamp, epoch ms. Default: `prev.mtime`, else 0. */
  mtime?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Folds `entries` into the running summary of `key`'s session and returns the new summary;
 * `prev` is not changed. Call it from `append` for main keys and persist the result verbatim,
 * so `listSessions({ sessionStore })` reads every session's metadata in one call.
 *
 * The fold is the one the disk listing uses (`@ccsdk/session-jsonl`), so disk and store
 * listings agree: set-once `isSidechain`, `createdAt`, `cwd`, first prompt; last-wins titles,
 * last prompt, summary hint, git branch and tag. Folding two batches in turn equals folding
 * their concatenation. Entries that are not objects are ignored.
 *
 * `mtime` is not derived from entries: pass the storage write time in `options.mtime` (the same
 * clock `listSessions` reports); without it the previous `mtime` (or 0) is kept. A subagent key
 * (non-empty `subpath`) never feeds the summary: `prev` comes back unchanged.
 */
export function foldSessionSummary(
  prev: SessionSummaryEntry | undefined,
  key: SessionKey,
  entries: readonly unknown[],
  options: FoldSessionSummaryOptions = {},
): SessionSummaryEntry {
  const mtime = options.mtime ?? prev?.mtime ?? 0;
  const prevData = isRecord(prev?.data) ? (prev.data as SessionSummaryData) : undefined;
  if (!isMainKey(key)) return { sessionId: key.sessionId, mtime, data: { ...prevData } };
  const objects = entries.filter(isRecord);
  const data = foldSummaryEntries(prevData, objects);
  return { sessionId: key.sessionId, mtime, data: data as Record<string, unknown> };
}
