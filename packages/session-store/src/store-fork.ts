import { randomUUID } from 'node:crypto';
import {
  CARRIED_STATE_TYPES,
  carriedStateEntry,
  explicitForkTitle,
  type ForkSelection,
  type ForkSource,
  foldSummaryEntries,
  forkEntry,
  forkTitleFor,
  isUuid,
  readForkSource,
  SessionJsonlError,
  type SessionSummaryData,
  STORE_FORK_TITLE_RULES,
  selectForkSources,
} from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { isRecord } from './is-record.js';
import { IMPORT_BATCH_ENTRIES } from './limits.js';
import { quote } from './quote.js';
import type { StoreProject } from './store-options.js';
import { assertStoreSessionId, checkStoreTitle } from './store-session-id.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

/** The shared fork rules' selection, with their `SessionJsonlError` turned into this package's error. */
function selectSources(
  sources: readonly ForkSource<number>[],
  sessionId: string,
  upToMessageId: string | undefined,
): ForkSelection<number> {
  try {
    return selectForkSources(sources, sessionId, upToMessageId);
  } catch (error) {
    if (
      SessionJsonlError.isInstance(error) &&
      (error.code === 'MESSAGE_NOT_FOUND' || error.code === 'NOTHING_TO_FORK')
    ) {
      throw new SessionStoreError({ code: error.code, sessionId, message: error.message, cause: error });
    }
    throw error;
  }
}

/**
 * `forkSession` over a store, with the disk fork's rules: conversation entries (no sidechains)
 * up to and including `upToMessageId`, fresh uuids with parents remapped past progress entries,
 * `forkedFrom` on each (and `requestSessionId` on assistant entries), team fields dropped, the
 * last entry stamped now, then the content replacements, the last `atis-latch`, `tools-used` and
 * `relocated` entries, and a `custom-title` entry (`title`, else, absent or blank, `<source title> (fork)`,
 * the source title read by {@link STORE_FORK_TITLE_RULES}).
 * Appended under a new session id in the same project, in batches. Throws
 * `INVALID_SESSION_ID`, `INVALID_MESSAGE_ID`, `INVALID_TITLE`, `SESSION_NOT_FOUND`,
 * `MESSAGE_NOT_FOUND` or `NOTHING_TO_FORK`.
 */
export async function forkSessionInStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  options: { upToMessageId?: unknown; title?: unknown },
): Promise<{ sessionId: string }> {
  assertStoreSessionId(sessionId);
  const { upToMessageId } = options;
  if (upToMessageId !== undefined && !isUuid(upToMessageId)) {
    throw new SessionStoreError({
      code: 'INVALID_MESSAGE_ID',
      message: `Invalid upToMessageId ${quote(upToMessageId)}: pass the uuid of a message from getSessionMessages().`,
    });
  }
  const explicitTitle = explicitForkTitle(options.title, checkStoreTitle);
  const sourceKey = { projectKey: project.projectKey, sessionId };
  const entries = await store.load(sourceKey);
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new SessionStoreError({
      code: 'SESSION_NOT_FOUND',
      sessionId,
      message: `Session ${sessionId} is not in the store under project ${project.projectKey}.`,
    });
  }
  const sources: ForkSource<number>[] = [];
  const replacements: unknown[] = [];
  const states = new Map<string, Readonly<Record<string, unknown>>>();
  entries.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return;
    const reading = readForkSource(entry, sessionId);
    if (reading.replacements) replacements.push(...reading.replacements);
    if (reading.state) states.set(reading.state.type, reading.state.entry);
    if (reading.source) sources.push({ key: index, ...reading.source });
  });
  const { written, uuidMap, parents } = selectSources(sources, sessionId, upToMessageId);
  const forkId = randomUUID();
  const now = new Date().toISOString();
  const lastKey = written[written.length - 1]?.key;
  const out: SessionStoreEntry[] = written.map(
    ({ key }) =>
      forkEntry(entries[key] as SessionStoreEntry, {
        uuidMap,
        parentUuid: parents.get(key) ?? null,
        isLast: key === lastKey,
        sourceId: sessionId,
        forkId,
        now,
      }) as SessionStoreEntry,
  );
  if (replacements.length > 0) out.push({ type: 'content-replacement', sessionId: forkId, replacements });
  for (const type of CARRIED_STATE_TYPES) {
    const state = states.get(type);
    if (state !== undefined) out.push(carriedStateEntry(state, forkId) as SessionStoreEntry);
  }
  const title =
    explicitTitle ??
    forkTitleFor(
      foldSummaryEntries(undefined, entries.filter(isRecord), STORE_FORK_TITLE_RULES) as SessionSummaryData,
    );
  out.push({
    type: 'custom-title',
    sessionId: forkId,
    customTitle: title,
    uuid: randomUUID(),
    timestamp: now,
  });
  const forkKey = { projectKey: project.projectKey, sessionId: forkId };
  for (let i = 0; i < out.length; i += IMPORT_BATCH_ENTRIES)
    await store.append(forkKey, out.slice(i, i + IMPORT_BATCH_ENTRIES));
  return { sessionId: forkId };
}
