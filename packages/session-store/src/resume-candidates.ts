import { isUuid } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { normalizeMtime } from './mtime.js';
import { boundedStoreCall } from './store-call.js';
import { callOptional } from './store-probe.js';
import type { SessionStore } from './types.js';

/**
 * The session ids `continue` may pick, best first: the store's `listSessions` (else
 * `listSessionSummaries`) for the project, UUIDs only, newest mtime first, ties by lowest id.
 * Throws `UNSUPPORTED_BY_STORE` when the store can list neither.
 */
export async function continueCandidates(
  store: SessionStore,
  projectKey: string,
  timeoutMs: number,
): Promise<string[]> {
  const listed = await boundedStoreCall(
    `SessionStore.listSessions for project ${projectKey}`,
    timeoutMs,
    () => callOptional(store, 'listSessions', projectKey),
  );
  let rows: unknown = listed.implemented ? listed.value : undefined;
  if (!listed.implemented) {
    const summaries = await boundedStoreCall(
      `SessionStore.listSessionSummaries for project ${projectKey}`,
      timeoutMs,
      () => callOptional(store, 'listSessionSummaries', projectKey),
    );
    if (!summaries.implemented) {
      throw new SessionStoreError({
        code: 'UNSUPPORTED_BY_STORE',
        message:
          'continue with a sessionStore needs listSessions() (or listSessionSummaries()) to find the latest session; pass resume with a session id instead.',
      });
    }
    rows = summaries.value;
  }
  const newest = new Map<string, number>();
  for (const row of Array.isArray(rows) ? rows : []) {
    const sessionId = (row as { sessionId?: unknown } | null)?.sessionId;
    if (!isUuid(sessionId)) continue;
    const mtime = normalizeMtime((row as { mtime?: unknown }).mtime);
    newest.set(sessionId, Math.max(newest.get(sessionId) ?? 0, mtime));
  }
  return [...newest]
    .sort(([a, ma], [b, mb]) => (ma !== mb ? mb - ma : a < b ? -1 : a > b ? 1 : 0))
    .map(([sessionId]) => sessionId);
}
