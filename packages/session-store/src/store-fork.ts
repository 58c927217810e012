import { randomUUID } from 'node:crypto';
import { forkTitleFor, isUuid, type SessionSummaryData } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { foldSessionSummary } from './fold-session-summary.js';
import { IMPORT_BATCH_ENTRIES } from './limits.js';
import { quote } from './quote.js';
import type { StoreProject } from './store-options.js';
import { assertStoreSessionId, checkStoreTitle } from './store-session-id.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

const FORKED_TYPES = new Set(['user', 'assistant', 'attachment', 'system', 'progress']);
const DROPPED_FIELDS = ['teamName', 'agentName', 'slug', 'sourceToolAssistantUUID'] as const;

interface Source {
  readonly entry: SessionStoreEntry;
  readonly uuid: string;
  readonly parentUuid: string | undefined;
  readonly progress: boolean;
}

function sourcesOf(
  entries: readonly SessionStoreEntry[],
  sessionId: string,
): { sources: Source[]; replacements: unknown[] } {
  const sources: Source[] = [];
  const replacements: unknown[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    if (
      entry.type === 'content-replacement' &&
      entry['sessionId'] === sessionId &&
      Array.isArray(entry['replacements'])
    ) {
      replacements.push(...(entry['replacements'] as unknown[]));
    }
    if (!FORKED_TYPES.has(entry.type) || typeof entry.uuid !== 'string' || entry['isSidechain'] === true)
      continue;
    const parent = entry['parentUuid'];
    sources.push({
      entry,
      uuid: entry.uuid,
      parentUuid: typeof parent === 'string' ? parent : undefined,
      progress: entry.type === 'progress',
    });
  }
  return { sources, replacements };
}

function nearestWrittenAncestor(
  source: Source,
  byUuid: ReadonlyMap<string, Source>,
  uuidMap: ReadonlyMap<string, string>,
): string | null {
  const visited = new Set<Source>([source]);
  let parentUuid = source.parentUuid;
  while (parentUuid !== undefined) {
    const parent = byUuid.get(parentUuid);
    if (parent === undefined || visited.has(parent)) return null;
    if (!parent.progress) return uuidMap.get(parent.uuid) ?? null;
    visited.add(parent);
    parentUuid = parent.parentUuid;
  }
  return null;
}

/**
 * `forkSession` over a store, with the disk fork's rules: conversation entries (no sidechains)
 * up to and including `upToMessageId`, fresh uuids with parents remapped past progress entries,
 * `forkedFrom` on each, team fields dropped, the last entry stamped now, then the
 * content replacements and a `custom-title` entry (`title`, else `<source title> (fork)`).
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
  const explicitTitle = options.title === undefined ? undefined : checkStoreTitle(options.title);
  const sourceKey = { projectKey: project.projectKey, sessionId };
  const entries = await store.load(sourceKey);
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new SessionStoreError({
      code: 'SESSION_NOT_FOUND',
      sessionId,
      message: `Session ${sessionId} is not in the store under project ${project.projectKey}.`,
    });
  }
  const { sources, replacements } = sourcesOf(entries, sessionId);
  let copied = sources;
  if (upToMessageId !== undefined) {
    const cut = sources.findIndex((source) => source.uuid === upToMessageId);
    if (cut === -1) {
      throw new SessionStoreError({
        code: 'MESSAGE_NOT_FOUND',
        sessionId,
        message: `Message ${upToMessageId} is not in session ${sessionId}; take upToMessageId from getSessionMessages().`,
      });
    }
    copied = sources.slice(0, cut + 1);
  }
  const written = copied.filter((source) => !source.progress);
  if (written.length === 0) {
    throw new SessionStoreError({
      code: 'NOTHING_TO_FORK',
      sessionId,
      message: `Session ${sessionId} has no messages to fork.`,
    });
  }
  const uuidMap = new Map<string, string>();
  const byUuid = new Map<string, Source>();
  for (const source of copied) {
    if (!uuidMap.has(source.uuid)) uuidMap.set(source.uuid, randomUUID());
    byUuid.set(source.uuid, source);
  }
  const forkId = randomUUID();
  const now = new Date().toISOString();
  const last = written[written.length - 1];
  const out: SessionStoreEntry[] = written.map((source) => {
    const { entry } = source;
    const next: SessionStoreEntry = {
      ...entry,
      uuid: uuidMap.get(source.uuid)!,
      parentUuid: nearestWrittenAncestor(source, byUuid, uuidMap),
      sessionId: forkId,
      isSidechain: false,
    };
    if ('logicalParentUuid' in entry) {
      const logical = entry['logicalParentUuid'];
      next['logicalParentUuid'] = typeof logical === 'string' ? (uuidMap.get(logical) ?? null) : logical;
    }
    for (const field of DROPPED_FIELDS) delete next[field];
    if (source === last) next.timestamp = now;
    next['forkedFrom'] = { sessionId, messageUuid: source.uuid };
    return next;
  });
  if (replacements.length > 0) out.push({ type: 'content-replacement', sessionId: forkId, replacements });
  const title =
    explicitTitle ??
    forkTitleFor(foldSessionSummary(undefined, sourceKey, entries).data as SessionSummaryData);
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
