import { type SDKSessionInfo, type SessionSummaryData, sessionInfoFromSummary } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { foldSessionSummary } from './fold-session-summary.js';
import { isRecord } from './is-record.js';
import { STORE_LIST_CHUNK_SESSIONS, STORE_LOAD_CONCURRENCY } from './limits.js';
import { mapLimit } from './map-limit.js';
import { normalizeMtime } from './mtime.js';
import type { StoreProject } from './store-options.js';
import { callOptional } from './store-probe.js';
import type { SessionStore, SessionSummaryEntry } from './types.js';

interface Slot {
  readonly sessionId: string;
  mtime: number;
  /** The summary to use; `undefined` when the session must be loaded and folded. */
  data: SessionSummaryData | undefined;
}

/** Newest first; equal times keep the store's order (the sort is stable), as the official SDK 0.3.332 lists them. */
function compareSlots(a: Slot, b: Slot): number {
  return b.mtime - a.mtime;
}

/** The listing's slots from `listSessions` rows and summaries; a summary older than its listed mtime is stale. */
function buildSlots(
  listed: readonly { sessionId: string; mtime: unknown }[] | undefined,
  summaries: readonly SessionSummaryEntry[] | undefined,
): Slot[] {
  const slots = new Map<string, Slot>();
  for (const row of listed ?? []) {
    if (!isRecord(row) || typeof row.sessionId !== 'string') continue;
    const mtime = normalizeMtime(row.mtime);
    const known = slots.get(row.sessionId);
    if (known === undefined) slots.set(row.sessionId, { sessionId: row.sessionId, mtime, data: undefined });
    else known.mtime = Math.max(known.mtime, mtime);
  }
  const newest = new Map<string, SessionSummaryEntry>();
  for (const summary of summaries ?? []) {
    if (!isRecord(summary) || typeof summary.sessionId !== 'string') continue;
    const seen = newest.get(summary.sessionId);
    if (seen === undefined || normalizeMtime(summary.mtime) >= normalizeMtime(seen.mtime))
      newest.set(summary.sessionId, summary);
  }
  for (const [sessionId, summary] of newest) {
    const mtime = normalizeMtime(summary.mtime);
    const data = isRecord(summary.data) ? (summary.data as SessionSummaryData) : undefined;
    const slot = slots.get(sessionId);
    if (listed !== undefined) {
      if (slot !== undefined && mtime >= slot.mtime) slot.data = data;
    } else {
      slots.set(sessionId, { sessionId, mtime, data });
    }
  }
  return [...slots.values()].sort(compareSlots);
}

/**
 * `listSessions` over a store, for the project of `project`: from `listSessionSummaries` when the
 * store has it (plus `listSessions` to drop unlisted and re-derive stale summaries), else
 * `listSessions` plus one `load` per session. Newest first, ties in the store's order; sessions are
 * derived in order only until the page is full. Adapter errors propagate.
 */
export async function listSessionsFromStore(
  store: SessionStore,
  project: StoreProject,
  page: { offset: number; limit: number | undefined },
): Promise<SDKSessionInfo[]> {
  const [summaries, listed] = await Promise.all([
    callOptional(store, 'listSessionSummaries', project.projectKey),
    callOptional(store, 'listSessions', project.projectKey),
  ]);
  if (!summaries.implemented && !listed.implemented) {
    throw new SessionStoreError({
      code: 'UNSUPPORTED_BY_STORE',
      message:
        'Listing sessions from this store needs listSessionSummaries() or listSessions(); the adapter implements neither.',
    });
  }
  const slots = buildSlots(
    listed.implemented ? (Array.isArray(listed.value) ? listed.value : []) : undefined,
    summaries.implemented ? (Array.isArray(summaries.value) ? summaries.value : []) : undefined,
  );
  const derive = async (slot: Slot): Promise<SDKSessionInfo | undefined> => {
    let data = slot.data;
    if (data === undefined) {
      const key = { projectKey: project.projectKey, sessionId: slot.sessionId };
      const entries = await store.load(key);
      if (!Array.isArray(entries) || entries.length === 0) return undefined;
      data = foldSessionSummary(undefined, key, entries).data as SessionSummaryData;
    }
    // A store's rows never fall back to `Image`/`Document` for a prompt of only such blocks: the
    // official's store listing leaves such a session out.
    const { mediaPrompt: _media, ...shown } = data;
    return sessionInfoFromSummary(slot.sessionId, shown, {
      lastModified: slot.mtime,
      projectPath: project.path,
      archivedKey: false,
    });
  };
  // A fractional offset or limit rounds up, as on disk (`paginateListing`).
  const skip = Math.ceil(page.offset);
  const take = page.limit === undefined ? undefined : Math.ceil(page.limit);
  const wanted = take === undefined ? Number.POSITIVE_INFINITY : skip + take;
  const accepted: SDKSessionInfo[] = [];
  for (let i = 0; i < slots.length && accepted.length < wanted; i += STORE_LIST_CHUNK_SESSIONS) {
    const infos = await mapLimit(
      slots.slice(i, i + STORE_LIST_CHUNK_SESSIONS),
      STORE_LOAD_CONCURRENCY,
      derive,
    );
    for (const info of infos) if (info !== undefined && accepted.length < wanted) accepted.push(info);
  }
  return take === undefined ? accepted.slice(skip) : accepted.slice(skip, skip + take);
}
