import type { FileHandle } from 'node:fs/promises';
import { type ForkSource, readForkSource, selectForkSources } from './fork-rules.js';
import { readLines } from './line-reader.js';
import { decodeUtf8 } from './utf8.js';

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
  /** The last state entry of each carried type (`atis-latch`, `tools-used`, `relocated`), by type. */
  readonly states: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
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
 * Reads the source once and plans the fork by the shared fork rules (`fork-rules.ts`): user,
 * assistant, attachment, system and progress entries with a uuid, minus sidechains, up to and
 * including `upToMessageId`; and the last carried state entry of each type. Throws `MESSAGE_NOT_FOUND` when `upToMessageId` is absent and
 * `NOTHING_TO_FORK` when nothing remains.
 */
export async function planFork(
  handle: FileHandle,
  sourceId: string,
  upToMessageId: string | undefined,
): Promise<ForkPlan> {
  const sources: ForkSource<number>[] = [];
  const replacements: unknown[] = [];
  const states = new Map<string, Readonly<Record<string, unknown>>>();
  let line = -1;
  const { endOffset } = await readLines(handle.fd, (bytes, start, end) => {
    line++;
    const entry = parseSourceLine(bytes, start, end);
    if (entry === undefined) return true;
    const reading = readForkSource(entry, sourceId);
    if (reading.replacements) replacements.push(...reading.replacements);
    if (reading.state) states.set(reading.state.type, reading.state.entry);
    if (reading.source) sources.push({ key: line, ...reading.source });
    return true;
  });
  const { written, uuidMap, parents } = selectForkSources(sources, sourceId, upToMessageId);
  return {
    lines: new Set(written.map((entry) => entry.key)),
    lastLine: written[written.length - 1]!.key,
    endOffset,
    uuidMap,
    parents,
    replacements,
    states,
  };
}
