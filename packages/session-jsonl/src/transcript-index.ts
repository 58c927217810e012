import type { ChainNode } from './conversation-chain.js';
import { SCAN_BLANK, SCAN_OK, TopLevelScanner } from './json-scan.js';
import { readLines } from './line-reader.js';
import type { SessionJsonlWarning } from './types.js';

/** Entry types that take part in the conversation chain. */
export type ChainEntryType = 'user' | 'assistant' | 'progress' | 'system' | 'attachment';

/** What the readers know about one chain entry, however it was read: the chain walk's facts and more. */
export interface ChainEntryFacts extends ChainNode {
  readonly type: ChainEntryType;
  /** Byte offset of the line in the file. */
  readonly offset: number;
  /** For user, assistant and system entries: `sessionId` and `timestamp`, when strings. */
  readonly sessionId: string | undefined;
  readonly timestamp: string | undefined;
  /** For user, assistant and system entries: the `origin` value (who queued a prompt), when present. */
  readonly origin: unknown;
  /** For user, assistant and system entries: the flags `getSessionMessages` passes on, when `true`. */
  readonly flags: MessageFlags;
}

/** Entry flags a session message carries (each `true` on the entry, else absent). */
export interface MessageFlags {
  readonly isCompactSummary?: true;
  readonly isVisibleInTranscriptOnly?: true;
  readonly isQueuedCommand?: true;
  readonly interruptedByShutdown?: true;
}

/** The flag names of {@link MessageFlags}, as the transcript spells them. */
export const MESSAGE_FLAGS = [
  'isCompactSummary',
  'isVisibleInTranscriptOnly',
  'isQueuedCommand',
  'interruptedByShutdown',
] as const;

const NO_FLAGS: MessageFlags = Object.freeze({});

/** The {@link MessageFlags} of an entry, from a reader of its top-level booleans. */
export function messageFlags(flag: (name: (typeof MESSAGE_FLAGS)[number]) => boolean): MessageFlags {
  let flags: Record<string, true> | undefined;
  for (const name of MESSAGE_FLAGS) {
    if (!flag(name)) continue;
    flags ??= {};
    flags[name] = true;
  }
  return flags ?? NO_FLAGS;
}

/** A chain entry as the byte index records it: its facts, and where its raw `message` value is. */
export interface IndexedEntry extends ChainEntryFacts {
  /** For user, assistant and system entries: file offset and length of the raw `message` value (-1 when absent). */
  readonly messageOffset: number;
  readonly messageLength: number;
}

const KEYS = [
  'type',
  'uuid',
  'parentUuid',
  'isSidechain',
  'isMeta',
  'teamName',
  'message',
  'sessionId',
  'timestamp',
  'origin',
  ...MESSAGE_FLAGS,
] as const;
const [TYPE, UUID, PARENT, SIDECHAIN, META, TEAM, MESSAGE, SESSION, TIMESTAMP, ORIGIN] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
] as const;
const FLAG_INDEX = 10;
/** Entry types that take part in the conversation chain, as a set. */
export const CHAIN_TYPES: ReadonlySet<string> = new Set<ChainEntryType>([
  'user',
  'assistant',
  'progress',
  'system',
  'attachment',
]);
/** Chain entry types whose `message` is returned (and whose `sessionId`, `timestamp`, `origin` are kept). */
export const MESSAGE_TYPES: ReadonlySet<string> = new Set<ChainEntryType>(['user', 'assistant', 'system']);

/**
 * Streams a transcript once and indexes its chain entries (user, assistant, progress, system and
 * attachment entries with a string `uuid`) without keeping their content: for messages only the
 * position of the raw `message` value is kept, to be read and parsed for the messages returned.
 * Lines that are not JSON objects are skipped and reported to `onWarning`; blank lines are ignored
 * silently.
 */
export async function indexTranscript(
  fd: number,
  filePath: string,
  onWarning?: (warning: SessionJsonlWarning) => void,
): Promise<IndexedEntry[]> {
  const scanner = indexScanner;
  const entries: IndexedEntry[] = [];
  await readLines(fd, (bytes, start, end, offset) => {
    const status = scanner.scan(bytes, start, end);
    if (status !== SCAN_OK) {
      if (status !== SCAN_BLANK) onWarning?.(malformedLine(filePath, offset));
      return true;
    }
    const type = scanner.string(TYPE);
    if (type === undefined || !CHAIN_TYPES.has(type)) return true;
    const uuid = scanner.string(UUID);
    if (uuid === undefined) return true;
    const isMessage = MESSAGE_TYPES.has(type);
    const range = isMessage ? scanner.range(MESSAGE) : undefined;
    entries.push({
      type: type as ChainEntryType,
      uuid,
      parentUuid: scanner.string(PARENT),
      isSidechain: scanner.boolean(SIDECHAIN) === true,
      isMeta: scanner.boolean(META) === true,
      hasTeamName: scanner.scalar(TEAM) !== undefined,
      position: entries.length,
      offset,
      messageOffset: range === undefined ? -1 : offset + (range[0] - start),
      messageLength: range === undefined ? 0 : range[1] - range[0],
      sessionId: isMessage ? scanner.string(SESSION) : undefined,
      timestamp: isMessage ? scanner.string(TIMESTAMP) : undefined,
      origin: isMessage && scanner.has(ORIGIN) ? parseOrigin(scanner) : undefined,
      flags: isMessage ? messageFlags(flag) : NO_FLAGS,
      messageId:
        type === 'assistant' && range !== undefined ? messageIdIn(idScanner, bytes, range) : undefined,
    });
    return true;
  });
  return entries;
}

const MESSAGE_ID_KEYS = ['id'] as const;
/**
 * One scanner per key set for every call: a line is scanned and its fields read in one
 * synchronous step, so calls interleaved at their awaits never see each other's state, and the
 * module's memory, grown once for long lines, is not grown again on every call.
 */
const indexScanner = new TopLevelScanner(KEYS);
const idScanner = new TopLevelScanner(MESSAGE_ID_KEYS);
const flag = (name: (typeof MESSAGE_FLAGS)[number]): boolean =>
  indexScanner.boolean(FLAG_INDEX + MESSAGE_FLAGS.indexOf(name)) === true;

/** The `id` of an assistant entry's `message` object, scanned inside its byte range. */
function messageIdIn(
  idScanner: TopLevelScanner,
  bytes: Uint8Array,
  range: readonly [number, number],
): string | undefined {
  return idScanner.scan(bytes, range[0], range[1]) === SCAN_OK ? idScanner.string(0) : undefined;
}

function parseOrigin(scanner: TopLevelScanner): unknown {
  try {
    return scanner.json(ORIGIN);
  } catch {
    return undefined;
  }
}

/** The warning for a line that is not a JSON object. */
export function malformedLine(filePath: string, byteOffset: number): SessionJsonlWarning {
  return {
    code: 'MALFORMED_LINE',
    message: `Skipped a line of ${filePath} at byte ${byteOffset}: it is not a complete JSON object (cut off by a crash, or garbage).`,
    filePath,
    byteOffset,
  };
}
