import { randomUUID } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { SessionJsonlError } from './errors.js';
import { readLines } from './line-reader.js';
import { decodeUtf8 } from './utf8.js';

const FORKED_TYPES = new Set(['user', 'assistant', 'attachment', 'system', 'progress']);
const DROPPED_FIELDS = ['teamName', 'agentName', 'slug', 'sourceToolAssistantUUID'] as const;

interface SourceEntry {
  readonly line: number;
  readonly uuid: string;
  readonly parentUuid: string | undefined;
  readonly progress: boolean;
}

/** What a fork copies, decided by one pass over the source transcript. */
export interface ForkPlan {
  /** Line numbers (0-based, every line counted) of the entries written, in file order. */
  readonly lines: ReadonlySet<number>;
  /** Line number of the last entry written; it gets the fork's time as its timestamp. */
  readonly lastLine: number;
  /** Source bytes the plan covers; the second pass reads exactly these. */
  readonly endOffset: number;
  /** Old uuid to new uuid, for every copied entry (progress entries included). */
  readonly uuidMap: ReadonlyMap<string, string>;
  /** New `parentUuid` per written line: the nearest copied non-progress ancestor, or `null`. */
  readonly parents: ReadonlyMap<number, string | null>;
  /** `replacements` of the source's `content-replacement` entries, in order. */
  readonly replacements: readonly unknown[];
}

/** Parses one line of the source; `undefined` when it is not a JSON object. */
export function parseSourceLine(
  bytes: Buffer,
  start: number,
  end: number,
): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(decodeUtf8(bytes, start, end));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the source once and plans the fork: user, assistant, attachment, system and progress
 * entries with a uuid, minus sidechains, up to and including `upToMessageId`. Throws
 * `MESSAGE_NOT_FOUND` when `upToMessageId` is absent and `NOTHING_TO_FORK` when nothing remains.
 */
export async function planFork(
  handle: FileHandle,
  sourceId: string,
  upToMessageId: string | undefined,
): Promise<ForkPlan> {
  const source: SourceEntry[] = [];
  const replacements: unknown[] = [];
  let line = -1;
  const { endOffset } = await readLines(handle.fd, (bytes, start, end) => {
    line++;
    const entry = parseSourceLine(bytes, start, end);
    if (entry === undefined) return true;
    const type = entry['type'];
    if (
      type === 'content-replacement' &&
      entry['sessionId'] === sourceId &&
      Array.isArray(entry['replacements'])
    ) {
      replacements.push(...(entry['replacements'] as unknown[]));
    }
    const uuid = entry['uuid'];
    if (typeof type !== 'string' || !FORKED_TYPES.has(type) || typeof uuid !== 'string') return true;
    if (entry['isSidechain'] === true) return true;
    const parent = entry['parentUuid'];
    source.push({
      line,
      uuid,
      parentUuid: typeof parent === 'string' ? parent : undefined,
      progress: type === 'progress',
    });
    return true;
  });
  let copied = source;
  if (upToMessageId !== undefined) {
    const cut = source.findIndex((entry) => entry.uuid === upToMessageId);
    if (cut === -1) {
      throw new SessionJsonlError({
        code: 'MESSAGE_NOT_FOUND',
        sessionId: sourceId,
        message: `Message ${upToMessageId} is not in session ${sourceId}; take upToMessageId from getSessionMessages().`,
      });
    }
    copied = source.slice(0, cut + 1);
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
  const byUuid = new Map<string, SourceEntry>();
  for (const entry of copied) {
    if (!uuidMap.has(entry.uuid)) uuidMap.set(entry.uuid, randomUUID());
    byUuid.set(entry.uuid, entry);
  }
  const parents = new Map<number, string | null>();
  for (const entry of written) parents.set(entry.line, nearestWrittenAncestor(entry, byUuid, uuidMap));
  return {
    lines: new Set(written.map((entry) => entry.line)),
    lastLine: written[written.length - 1]!.line,
    endOffset,
    uuidMap,
    parents,
    replacements,
  };
}

function nearestWrittenAncestor(
  entry: SourceEntry,
  byUuid: ReadonlyMap<string, SourceEntry>,
  uuidMap: ReadonlyMap<string, string>,
): string | null {
  const visited = new Set<SourceEntry>([entry]);
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

/** Rewrites one copied entry for the fork: fresh uuids, new session, `forkedFrom`, team fields dropped. */
export function forkEntry(
  entry: Record<string, unknown>,
  line: number,
  plan: ForkPlan,
  sourceId: string,
  forkId: string,
  now: string,
): Record<string, unknown> {
  const original = entry['uuid'] as string;
  const out: Record<string, unknown> = {
    ...entry,
    uuid: plan.uuidMap.get(original),
    parentUuid: plan.parents.get(line) ?? null,
    sessionId: forkId,
    isSidechain: false,
  };
  if ('logicalParentUuid' in entry) {
    const logical = entry['logicalParentUuid'];
    out['logicalParentUuid'] = typeof logical === 'string' ? (plan.uuidMap.get(logical) ?? null) : logical;
  }
  for (const field of DROPPED_FIELDS) delete out[field];
  if (line === plan.lastLine) out['timestamp'] = now;
  out['forkedFrom'] = { sessionId: sourceId, messageUuid: original };
  return out;
}
