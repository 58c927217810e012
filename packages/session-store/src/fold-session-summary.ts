import { foldSummaryEntries, type SessionSummaryData, STORE_SUMMARY_RULES } from '@ccsdk/session-jsonl';
import { isRecord } from './is-record.js';
import { isMainKey } from './session-key.js';
import type { SessionKey, SessionSummaryEntry } from './types.js';

/** Options of {@link foldSessionSummary}. */
export interface FoldSessionSummaryOptions {
  /** The storage write time to stamp, epoch ms. Default: `prev.mtime`, else 0. */
  mtime?: number;
}

/**
 * Folds `entries` into the running summary of `key`'s session and returns the new summary;
 * `prev` is not changed. Call it from `append` for main keys and persist the result verbatim,
 * so `listSessions({ sessionStore })` reads every session's metadata in one call.
 *
 * The fold is the disk listing's (`@ccsdk/session-jsonl`): set-once `isSidechain`, `createdAt`,
 * `cwd`, first prompt; last-wins titles, last prompt, summary hint, git branch and tag. It takes
 * values by the store's rules (`STORE_SUMMARY_RULES`), as the official SDK's store listing does:
 * titles from entries of any type, an empty `cwd` or relocation skipped, a tag entry without a
 * string tag clearing it. Folding two batches in turn equals folding
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
  const data = foldSummaryEntries(prevData, objects, STORE_SUMMARY_RULES);
  return { sessionId: key.sessionId, mtime, data: data as Record<string, unknown> };
}
