import {
  CHAIN_TYPES,
  type ChainEntryFacts,
  type ChainEntryType,
  MESSAGE_FLAGS,
  MESSAGE_TYPES,
  messageFlags,
  NO_FLAGS,
} from './chain-entry.js';
import { parsedChainEntry } from './entry-messages.js';
import {
  ESCAPE_MASK,
  KEY_START,
  LINE_BLANK,
  LINE_END,
  LINE_NEEDS_JS,
  LINE_OK,
  LINE_START,
  LINE_STATUS,
  LineIndexer,
  MESSAGE_ID_ESCAPED,
  MESSAGE_ID_START,
  RECORD_INTS,
} from './line-index-wasm.js';
import { type PreservedRelink, preservedRelinkOf } from './preserved-relink.js';
import type { SessionJsonlWarning } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** A chain entry as the byte index records it: its facts, and where its raw `message` value is. */
export interface IndexedEntry extends ChainEntryFacts {
  /** For user, assistant and system entries: file offset and length of the raw `message` value (-1 when absent). */
  readonly messageOffset: number;
  readonly messageLength: number;
  /** The parsed `message`, for an entry whose line the indexer left to `JSON.parse` (then `messageOffset` is -1). */
  readonly parsedMessage?: unknown;
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
  'compactMetadata',
] as const;
const [TYPE, UUID, PARENT, SIDECHAIN, META, TEAM, MESSAGE, SESSION, TIMESTAMP, ORIGIN] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
] as const;
const FLAG_INDEX = 10;
const COMPACT_METADATA = FLAG_INDEX + MESSAGE_FLAGS.length;
const QUOTE = 0x22;
const LETTER_T = 0x74;
const LETTER_F = 0x66;
const LETTER_N = 0x6e;
const OPEN_BRACKET = 0x5b;
const LBRACE = 0x7b;

/**
 * Indexers not in use. A call takes one (or makes one) and gives it back, so calls interleaved at
 * their awaits never share a module's memory, and the memory grown once for long lines is reused.
 */
const idleIndexers: LineIndexer[] = [];
/** Indexers kept for reuse between calls. */
const IDLE_INDEXERS_MAX = 2;

/**
 * Streams a transcript once through the validating line indexer and indexes its chain entries
 * (user, assistant, progress, system and attachment entries with a string `uuid`) without
 * keeping their content: for messages only the position of the raw `message` value is kept, to
 * be read and parsed for the messages returned. A line counts exactly when `JSON.parse` would
 * read it as an object; other lines are skipped and reported to `onWarning`, blank lines are
 * ignored silently.
 *
 * Returns `undefined` when the indexer cannot be used here (no WebAssembly SIMD) or a line is
 * longer than `WASM_SCAN_MAX_LINE_BYTES`; the caller then parses the transcript line by line.
 */
export async function indexTranscript(
  fd: number,
  filePath: string,
  onWarning?: (warning: SessionJsonlWarning) => void,
): Promise<IndexedEntry[] | undefined> {
  const indexer = idleIndexers.pop() ?? LineIndexer.create(KEYS, MESSAGE);
  if (indexer === undefined) return undefined;
  const entries: IndexedEntry[] = [];
  // Held until the pass is whole: a file handed to the line-by-line parse is reported by it alone.
  const warnings: SessionJsonlWarning[] = [];
  const warn = (warning: SessionJsonlWarning): void => {
    warnings.push(warning);
  };
  let whole: boolean;
  try {
    whole = await indexer.index(fd, (batch) => {
      const { bytes, records, count, fileOffset } = batch;
      for (let r = 0; r < count; r++) {
        const base = r * RECORD_INTS;
        const status = records[base + LINE_STATUS]!;
        if (status === LINE_OK) {
          const entry = indexedEntry(bytes, records, base, fileOffset, entries.length);
          if (entry !== undefined) entries.push(entry);
        } else if (status === LINE_NEEDS_JS) {
          const entry = parsedLineEntry(bytes, records, base, fileOffset, entries.length, filePath, warn);
          if (entry !== undefined) entries.push(entry);
        } else if (status !== LINE_BLANK) {
          warn(malformedLine(filePath, fileOffset + records[base + LINE_START]!));
        }
      }
    });
  } finally {
    if (idleIndexers.length < IDLE_INDEXERS_MAX) idleIndexers.push(indexer);
  }
  if (!whole) return undefined;
  for (const warning of warnings) onWarning?.(warning);
  return entries;
}

/** Start of key `key`'s value in the record at `base`, or -1. */
function valueStart(records: Int32Array, base: number, key: number): number {
  return records[base + KEY_START + 2 * key]!;
}

/** End of key `key`'s value in the record at `base` (meaningful when its start is not -1). */
function valueEnd(records: Int32Array, base: number, key: number): number {
  return records[base + KEY_START + 2 * key + 1]!;
}

/**
 * The JSON string value at `[start, end)` of a line the indexer validated, or `undefined` when the
 * value is not a string. `escaped`: the indexer saw a backslash in it (then it is decoded by
 * `JSON.parse`; else its bytes are its text).
 */
function stringAt(bytes: Buffer, start: number, end: number, escaped: boolean): string | undefined {
  if (start < 0 || bytes[start] !== QUOTE) return undefined;
  return escaped
    ? (JSON.parse(decodeUtf8(bytes, start, end)) as string)
    : decodeUtf8(bytes, start + 1, end - 1);
}

function keyString(bytes: Buffer, records: Int32Array, base: number, key: number): string | undefined {
  const escaped = (records[base + ESCAPE_MASK]! & (1 << key)) !== 0;
  return stringAt(bytes, valueStart(records, base, key), valueEnd(records, base, key), escaped);
}

/** The key's value as `JSON.parse` gives it (a string read without a parse), or `undefined` when absent. */
function keyValue(bytes: Buffer, records: Int32Array, base: number, key: number): unknown {
  const start = valueStart(records, base, key);
  if (start < 0) return undefined;
  if (bytes[start] === QUOTE) return keyString(bytes, records, base, key);
  return JSON.parse(decodeUtf8(bytes, start, valueEnd(records, base, key)));
}

/** True when the key's value is `true` (the line is valid JSON, so a value starting with `t` is `true`). */
function keyTrue(bytes: Buffer, records: Int32Array, base: number, key: number): boolean {
  const start = valueStart(records, base, key);
  return start >= 0 && bytes[start] === LETTER_T;
}

/**
 * True when key `key`'s value in the record at `base` is truthy as JavaScript reads it once
 * parsed: present and not `false`, `null`, `""` or a number equal to zero (`"yes"`, `1`, `{}` are).
 */
function keyTruthy(bytes: Buffer, records: Int32Array, base: number, key: number): boolean {
  const start = valueStart(records, base, key);
  if (start < 0) return false;
  const first = bytes[start];
  if (first === LETTER_T) return true;
  if (first === LETTER_F || first === LETTER_N) return false;
  if (first === QUOTE) return bytes[start + 1] !== QUOTE;
  if (first === LBRACE || first === OPEN_BRACKET) return true;
  return Number(bytes.toString('latin1', start, valueEnd(records, base, key))) !== 0;
}

/** The chain entry of a line the indexer validated, from its record; `undefined` for other lines. */
function indexedEntry(
  bytes: Buffer,
  records: Int32Array,
  base: number,
  fileOffset: number,
  position: number,
): IndexedEntry | undefined {
  const type = keyString(bytes, records, base, TYPE);
  if (type === undefined || !CHAIN_TYPES.has(type)) return undefined;
  const uuid = keyString(bytes, records, base, UUID);
  if (uuid === undefined) return undefined;
  const isMessage = MESSAGE_TYPES.has(type);
  const messageStart = isMessage ? valueStart(records, base, MESSAGE) : -1;
  const teamStart = valueStart(records, base, TEAM);
  const teamByte = teamStart < 0 ? 0 : bytes[teamStart];
  let messageId: string | undefined;
  if (type === 'assistant' && messageStart >= 0 && bytes[messageStart] === LBRACE) {
    const escaped = (records[base + ESCAPE_MASK]! & MESSAGE_ID_ESCAPED) !== 0;
    messageId = stringAt(
      bytes,
      records[base + MESSAGE_ID_START]!,
      records[base + MESSAGE_ID_START + 1]!,
      escaped,
    );
  }
  return {
    type: type as ChainEntryType,
    uuid,
    parentUuid: keyString(bytes, records, base, PARENT),
    isSidechain: keyTruthy(bytes, records, base, SIDECHAIN),
    isMeta: keyTruthy(bytes, records, base, META),
    hasTeamName: teamByte === QUOTE || teamByte === LETTER_T || teamByte === LETTER_F,
    position,
    offset: fileOffset + records[base + LINE_START]!,
    messageOffset: messageStart < 0 ? -1 : fileOffset + messageStart,
    messageLength: messageStart < 0 ? 0 : valueEnd(records, base, MESSAGE) - messageStart,
    sessionId: isMessage ? keyString(bytes, records, base, SESSION) : undefined,
    timestamp: isMessage ? keyValue(bytes, records, base, TIMESTAMP) : undefined,
    origin: isMessage ? originAt(bytes, records, base) : undefined,
    flags: isMessage
      ? messageFlags((name) =>
          keyTrue(bytes, records, base, name === 'isMeta' ? META : FLAG_INDEX + MESSAGE_FLAGS.indexOf(name)),
        )
      : NO_FLAGS,
    messageId,
    preserved: type === 'system' ? preservedAt(bytes, records, base) : undefined,
  };
}

/** What a system line's `compactMetadata` says a partial compaction kept (parsed only when present). */
function preservedAt(bytes: Buffer, records: Int32Array, base: number): PreservedRelink | undefined {
  const start = valueStart(records, base, COMPACT_METADATA);
  if (start < 0) return undefined;
  return preservedRelinkOf(JSON.parse(decodeUtf8(bytes, start, valueEnd(records, base, COMPACT_METADATA))));
}

function originAt(bytes: Buffer, records: Int32Array, base: number): unknown {
  const start = valueStart(records, base, ORIGIN);
  return start < 0 ? undefined : JSON.parse(decodeUtf8(bytes, start, valueEnd(records, base, ORIGIN)));
}

/**
 * The chain entry of a line the indexer left to JavaScript, read with `JSON.parse` (its message
 * kept parsed); a line that does not parse to an object is reported and skipped.
 */
function parsedLineEntry(
  bytes: Buffer,
  records: Int32Array,
  base: number,
  fileOffset: number,
  position: number,
  filePath: string,
  warn: (warning: SessionJsonlWarning) => void,
): IndexedEntry | undefined {
  const offset = fileOffset + records[base + LINE_START]!;
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(bytes, records[base + LINE_START]!, records[base + LINE_END]!));
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    warn(malformedLine(filePath, offset));
    return undefined;
  }
  const entry = parsedChainEntry(value as Record<string, unknown>, position, offset);
  if (entry === undefined) return undefined;
  const { message, ...facts } = entry;
  return { ...facts, messageOffset: -1, messageLength: 0, parsedMessage: message };
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
