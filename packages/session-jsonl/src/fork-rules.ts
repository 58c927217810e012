import { SessionJsonlError } from './errors.js';
import { sourcesUpToCut } from './fork-cut.js';
import { randomUuid } from './random-ids.js';

const FORKED_TYPES = new Set(['user', 'assistant', 'attachment', 'system', 'progress']);
const DROPPED_FIELDS = ['teamName', 'agentName', 'slug', 'sourceToolAssistantUUID', 'sessionKind'] as const;

/** A copyable entry of a fork's source, wherever the source lives; `key` says where (a line, an index). */
export interface ForkSource<K> {
  /** Where the entry is, for the writer to find it again. */
  readonly key: K;
  /** The entry's id in the source session. */
  readonly uuid: string;
  /** Its parent's id in the source session. */
  readonly parentUuid: string | undefined;
  /** Progress entries are copied for the uuid map but not written. */
  readonly progress: boolean;
  /** A user or assistant entry. */
  readonly message: boolean;
  /** A `system` `compact_boundary` entry. */
  readonly boundary: boolean;
}

/**
 * State entries a fork carries over (the last of each type in the source, whatever the cut), so
 * the CLI resumes the fork as it would the source; each with the field it must hold.
 */
const CARRIED_STATE: Readonly<Record<string, (entry: Readonly<Record<string, unknown>>) => boolean>> = {
  'atis-latch': (entry) => typeof entry['atis'] === 'string',
  'tools-used': (entry) => Array.isArray(entry['tools']),
  relocated: (entry) => typeof entry['relocatedCwd'] === 'string' && entry['relocatedCwd'] !== '',
};

/** The carried state types, in the order a fork writes them. */
export const CARRIED_STATE_TYPES: readonly string[] = Object.keys(CARRIED_STATE);

/** What one source entry contributes to a fork. */
export interface ForkSourceReading {
  /** `replacements` of a `content-replacement` entry of the source session. */
  readonly replacements?: readonly unknown[];
  /** Present when the entry is copied: user, assistant, attachment, system or progress, with a uuid, no sidechain. */
  readonly source?: Omit<ForkSource<never>, 'key'>;
  /** Present for a state entry the fork carries (see {@link CARRIED_STATE_TYPES}); the last of each type wins. */
  readonly state?: {
    /** The state entry's `type` (one of the carried state types). */
    readonly type: string;
    /** The state entry as read from the source transcript. */
    readonly entry: Readonly<Record<string, unknown>>;
  };
}

/** Reads one parsed entry of the source session `sourceId` by the fork rules (seed 001). */
export function readForkSource(
  entry: Readonly<Record<string, unknown>>,
  sourceId: string,
): ForkSourceReading {
  const type = entry['type'];
  if (
    type === 'content-replacement' &&
    entry['sessionId'] === sourceId &&
    Array.isArray(entry['replacements'])
  ) {
    return { replacements: entry['replacements'] as unknown[] };
  }
  // A state entry is carried only when it is the source session's own, as the official SDK's forks do.
  if (typeof type === 'string' && entry['sessionId'] === sourceId && CARRIED_STATE[type]?.(entry) === true)
    return { state: { type, entry } };
  const uuid = entry['uuid'];
  if (typeof type !== 'string' || !FORKED_TYPES.has(type) || typeof uuid !== 'string') return {};
  // Any truthy `isSidechain` leaves a subagent's entry out, as the readers take it.
  if (entry['isSidechain']) return {};
  const parent = entry['parentUuid'];
  return {
    source: {
      uuid,
      parentUuid: typeof parent === 'string' ? parent : undefined,
      progress: type === 'progress',
      message: type === 'user' || type === 'assistant',
      boundary: type === 'system' && entry['subtype'] === 'compact_boundary',
    },
  };
}

/**
 * A carried state entry rewritten for the fork: the fork's session id; a `relocated` entry keeps
 * only its `relocatedCwd` (as the official SDK's forks write it), the others every field.
 */
export function carriedStateEntry(
  entry: Readonly<Record<string, unknown>>,
  forkId: string,
): Record<string, unknown> {
  const { type, sessionId: _source, ...rest } = entry;
  if (type === 'relocated') return { type, sessionId: forkId, relocatedCwd: entry['relocatedCwd'] };
  return { type, sessionId: forkId, ...rest };
}

/** Which sources a fork writes, their fresh uuids and their remapped parents. */
export interface ForkSelection<K> {
  /** Sources written, in source order (progress entries left out). */
  readonly written: readonly ForkSource<K>[];
  /** Old uuid to new uuid, for every copied source (progress included). */
  readonly uuidMap: ReadonlyMap<string, string>;
  /** New `parentUuid` per written source key: the nearest copied non-progress ancestor, or `null`. */
  readonly parents: ReadonlyMap<K, string | null>;
}

/**
 * Cuts the sources at `upToMessageId` (inclusive, less a compaction the copied conversation did
 * not go through: see `sourcesUpToCut` in `fork-cut.ts`), gives each copied uuid a fresh one and remaps
 * parents past progress entries. Throws `SessionJsonlError` `MESSAGE_NOT_FOUND` when
 * `upToMessageId` is not a copied entry and `NOTHING_TO_FORK` when nothing would be written.
 */
export function selectForkSources<K>(
  sources: readonly ForkSource<K>[],
  sourceId: string,
  upToMessageId: string | undefined,
): ForkSelection<K> {
  let copied = sources;
  if (upToMessageId !== undefined) {
    const cut = sources.findIndex((entry) => entry.uuid === upToMessageId);
    if (cut === -1) {
      throw new SessionJsonlError({
        code: 'MESSAGE_NOT_FOUND',
        sessionId: sourceId,
        message: `Message ${upToMessageId} is not in session ${sourceId}; take upToMessageId from getSessionMessages().`,
      });
    }
    copied = sourcesUpToCut(sources, cut);
  }
  const written = copied.filter((entry) => !entry.progress);
  if (written.length === 0) {
    throw new SessionJsonlError({
      code: 'NOTHING_TO_FORK',
      sessionId: sourceId,
      message: `Session ${sourceId} has no messages to fork${upToMessageId === undefined ? '' : ` up to ${upToMessageId}`}.`,
    });
  }
  const uuidMap = new Map<string, string>();
  const byUuid = new Map<string, ForkSource<K>>();
  for (const entry of copied) {
    if (!uuidMap.has(entry.uuid)) uuidMap.set(entry.uuid, randomUuid());
    byUuid.set(entry.uuid, entry);
  }
  const parents = new Map<K, string | null>();
  for (const entry of written) parents.set(entry.key, nearestWrittenAncestor(entry, byUuid, uuidMap));
  return { written, uuidMap, parents };
}

function nearestWrittenAncestor<K>(
  entry: ForkSource<K>,
  byUuid: ReadonlyMap<string, ForkSource<K>>,
  uuidMap: ReadonlyMap<string, string>,
): string | null {
  const visited = new Set<ForkSource<K>>([entry]);
  let parentUuid = entry.parentUuid;
  while (parentUuid !== undefined) {
    const parent = byUuid.get(parentUuid);
    if (parent === undefined || visited.has(parent)) return null;
    if (!parent.progress) return uuidMap.get(parent.uuid) ?? null;
    visited.add(parent);
    parentUuid = parent.parentUuid;
  }
  return null;
}

/** Where a rewritten entry goes in the fork. */
export interface ForkPlacement {
  /** Source entry ids to their new ids in the fork. */
  readonly uuidMap: ReadonlyMap<string, string>;
  /** The entry's new `parentUuid`. */
  readonly parentUuid: string | null;
  /** The last written entry gets the fork's time as its timestamp. */
  readonly isLast: boolean;
  /** The session being forked. */
  readonly sourceId: string;
  /** The new session's id. */
  readonly forkId: string;
  /** ISO time of the fork. */
  readonly now: string;
}

/**
 * Rewrites one copied entry for the fork: fresh uuids (also where a compact boundary names the
 * messages it kept), new session, `forkedFrom`, team fields and `sessionKind` dropped; an assistant entry gets
 * `requestSessionId`, the session its API request was made in (its own, else the one its source
 * was forked from, else the source).
 */
export function forkEntry(
  entry: Readonly<Record<string, unknown>>,
  placement: ForkPlacement,
): Record<string, unknown> {
  const original = entry['uuid'] as string;
  const out: Record<string, unknown> = {
    ...entry,
    uuid: placement.uuidMap.get(original),
    parentUuid: placement.parentUuid,
    sessionId: placement.forkId,
  };
  if ('logicalParentUuid' in entry) {
    const logical = entry['logicalParentUuid'];
    out['logicalParentUuid'] =
      typeof logical === 'string' ? (placement.uuidMap.get(logical) ?? null) : logical;
  }
  if ('compactMetadata' in entry) {
    out['compactMetadata'] = forkedCompactMetadata(entry['compactMetadata'], placement.uuidMap);
  }
  for (const field of DROPPED_FIELDS) delete out[field];
  // Keys the source entry lacks come in the official SDK's order: timestamp, isSidechain,
  // requestSessionId, forkedFrom.
  if (placement.isLast) out['timestamp'] = placement.now;
  out['isSidechain'] = false;
  if (entry['type'] === 'assistant') out['requestSessionId'] = requestSessionOf(entry, placement.sourceId);
  out['forkedFrom'] = { sessionId: placement.sourceId, messageUuid: original };
  return out;
}

/**
 * The parts of a compact boundary's `compactMetadata` that name kept messages by uuid, in the
 * order a fork writes them: after every other key (as the official SDK's forks do).
 */
const KEPT_MESSAGE_FIELDS = ['preservedMessages', 'preservedSegment'] as const;
/** Deepest a kept-messages record is walked for uuids (it is two levels deep; anything deeper is kept as is). */
const KEPT_UUIDS_MAX_DEPTH = 4;

/**
 * A compact boundary's `compactMetadata` with the uuids of the messages it kept (and its anchor)
 * mapped to their copies in the fork, so the fork reads back with them as the source does (the
 * official SDK's forks map them too). A uuid the fork did not copy is left as it was. The two
 * kept-message parts move after the other keys, `preservedMessages` first, whatever their value
 * (byte for byte what the official SDK's forks write).
 */
function forkedCompactMetadata(metadata: unknown, uuidMap: ReadonlyMap<string, string>): unknown {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return metadata;
  const source = metadata as Record<string, unknown>;
  const out: Record<string, unknown> = { ...source };
  for (const field of KEPT_MESSAGE_FIELDS) delete out[field];
  for (const field of KEPT_MESSAGE_FIELDS) {
    if (Object.hasOwn(source, field)) out[field] = mappedUuids(source[field], uuidMap, 0);
  }
  return out;
}

function mappedUuids(value: unknown, uuidMap: ReadonlyMap<string, string>, depth: number): unknown {
  if (typeof value === 'string') return uuidMap.get(value) ?? value;
  if (typeof value !== 'object' || value === null || depth >= KEPT_UUIDS_MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => mappedUuids(item, uuidMap, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, mappedUuids(item, uuidMap, depth + 1)]),
  );
}

function requestSessionOf(entry: Readonly<Record<string, unknown>>, sourceId: string): string {
  const own = entry['requestSessionId'];
  if (typeof own === 'string') return own;
  const forkedFrom = entry['forkedFrom'];
  const from =
    typeof forkedFrom === 'object' && forkedFrom !== null
      ? (forkedFrom as Record<string, unknown>)['sessionId']
      : undefined;
  return typeof from === 'string' ? from : sourceId;
}
