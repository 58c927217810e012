import type { ChainNode } from './conversation-chain.js';

/**
 * Messages a partial compaction kept. A `compact_boundary` entry whose compaction kept some
 * messages verbatim says so in its `compactMetadata`: `preservedMessages` (`anchorUuid` and the
 * kept `uuids`, in order) and `preservedSegment` (`headUuid`, `anchorUuid`, `tailUuid`: a run
 * linked by `parentUuid`, from head to tail), which the first supersedes. A reader splices the
 * kept messages in after the anchor (the compaction summary, or the boundary itself), so the
 * conversation read back holds them, as the CLI resumes it; see `relinkedParents`.
 */
export interface PreservedRelink {
  /** The entry the kept messages follow. */
  readonly anchorUuid: string;
  /** `preservedMessages.uuids`: the kept messages, in order (preferred over the segment). */
  readonly uuids?: readonly string[];
  /** `preservedSegment.headUuid`: the first kept message. */
  readonly headUuid?: string;
  /** `preservedSegment.tailUuid`: the last kept message. */
  readonly tailUuid?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The relink a `compactMetadata` value asks for, or `undefined` when it keeps nothing (or is not
 * of that shape): `preservedMessages` when it has an anchor and a list of string uuids, else
 * `preservedSegment` when its three uuids are strings.
 */
export function preservedRelinkOf(compactMetadata: unknown): PreservedRelink | undefined {
  if (!isRecord(compactMetadata)) return undefined;
  const messages = compactMetadata['preservedMessages'];
  if (isRecord(messages)) {
    const { anchorUuid, uuids } = messages;
    if (
      typeof anchorUuid === 'string' &&
      Array.isArray(uuids) &&
      uuids.every((uuid): uuid is string => typeof uuid === 'string')
    ) {
      return { anchorUuid, uuids };
    }
  }
  const segment = compactMetadata['preservedSegment'];
  if (isRecord(segment)) {
    const { headUuid, anchorUuid, tailUuid } = segment;
    if (typeof headUuid === 'string' && typeof anchorUuid === 'string' && typeof tailUuid === 'string') {
      return { anchorUuid, headUuid, tailUuid };
    }
  }
  return undefined;
}

/**
 * Each entry's parent (`byUuid`: the transcript's entries by uuid, in file order) once the
 * messages every partial compaction kept are spliced in after their anchor, in file order, as the
 * official SDK 0.3.332 reads them (observed on the parity corpus, cases 18):
 * - `preservedMessages`: the first kept message follows the anchor, each next one the one before,
 *   and what followed the anchor follows the last kept one. A list that is empty or names a
 *   message the transcript lacks changes nothing (the segment is then not used either).
 * - `preservedSegment`: the head follows the anchor, and what followed the anchor follows the
 *   tail; the run between them keeps its own links (so a head the transcript lacks, or a tail
 *   that is not below it, leaves what the links give).
 *
 * Entries no compaction moves keep their `parentUuid`.
 */
export function relinkedParents<T extends ChainNode>(
  byUuid: ReadonlyMap<string, T>,
): (entry: T) => string | undefined {
  const moved = new Map<T, string>();
  const parentOf = (entry: T): string | undefined => moved.get(entry) ?? entry.parentUuid;
  /** Moves every entry that follows `anchorUuid` (but those in `keep`) to follow `uuid`. */
  const moveFollowers = (anchorUuid: string, uuid: string, keep: ReadonlySet<T>): void => {
    for (const entry of byUuid.values()) {
      if (!keep.has(entry) && parentOf(entry) === anchorUuid) moved.set(entry, uuid);
    }
  };
  for (const boundary of byUuid.values()) {
    const relink = boundary.preserved;
    if (relink === undefined) continue;
    const { anchorUuid } = relink;
    if (relink.uuids !== undefined) {
      const kept = relink.uuids.map((uuid) => byUuid.get(uuid));
      if (kept.length === 0 || kept.includes(undefined)) continue;
      const run = kept as T[];
      moveFollowers(anchorUuid, run.at(-1)!.uuid, new Set(run));
      for (let index = 0; index < run.length; index++) {
        moved.set(run[index]!, index === 0 ? anchorUuid : run[index - 1]!.uuid);
      }
    } else if (relink.headUuid !== undefined && relink.tailUuid !== undefined) {
      const head = byUuid.get(relink.headUuid);
      moveFollowers(anchorUuid, relink.tailUuid, new Set(head === undefined ? [] : [head]));
      if (head !== undefined) moved.set(head, anchorUuid);
    }
  }
  return parentOf;
}
