import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import {
  foldDecidingLines,
  foldUntilSettled,
  type LiteReadLines,
  promptSettled,
  tailWithMentions,
  wantsPromptFields,
} from './deciding-lines.js';
import { FIRST_PROMPT_SCAN_BYTES, LITE_READ_BYTES } from './limits.js';
import {
  ALL_FIELDS,
  foldAll,
  foldLine,
  HEAD_FIELDS,
  PROMPT_FIELDS,
  readField,
  scanner,
  scanWhole,
  TAIL_FIELDS,
  TITLE_FIELDS,
} from './line-fold.js';
import type { LineRegion } from './line-region.js';
import { readFully } from './read-fully.js';
import { type FileStamp, fileStampOf } from './session-files.js';
import {
  foldSummaryFields,
  type SessionSummaryData,
  type SummaryField,
  type SummaryFieldReader,
} from './summary-fold.js';

export type { LiteReadLines } from './deciding-lines.js';

const NEWLINE = 0x0a;
const OPEN_BRACE = 0x7b;

/** Bytes of a UTF-8 byte order mark at offset 0 (EF BB BF), else 0. */
function byteOrderMarkLength(bytes: Buffer, length: number): number {
  return length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** Fields the official SDK's listing does not read from a first line opened by a byte order mark. */
const NOT_AFTER_BYTE_ORDER_MARK: ReadonlySet<SummaryField> = new Set<SummaryField>([
  'lastPrompt',
  'summary',
  'relocatedCwd',
  'continuedInSessionId',
]);

/**
 * Fields the official SDK's listing reads from a first line opened by a byte order mark only when
 * the object there (after any whitespace) is spelled starting `{"type":"<its type>"`: a line
 * spelled otherwise (a space inside the brace, a space after a colon, another `type` key first)
 * gives no title or tag, though it still gives the other fields.
 */
const ONLY_AFTER_TYPE_FIRST: ReadonlySet<SummaryField> = new Set<SummaryField>([
  'customTitle',
  'aiTitle',
  'tag',
]);

/**
 * A reader of the line last scanned, for a first line opened by a byte order mark, as the official
 * SDK's listing reads such a line: none of {@link NOT_AFTER_BYTE_ORDER_MARK}, none of
 * {@link ONLY_AFTER_TYPE_FIRST} unless `typeFirst`, and a `message` that keeps only its content's
 * image and document blocks (a prompt's text is not read from it).
 */
function byteOrderMarkLineReader(typeFirst: boolean): SummaryFieldReader {
  return (field) => {
    if (NOT_AFTER_BYTE_ORDER_MARK.has(field)) return undefined;
    if (!typeFirst && ONLY_AFTER_TYPE_FIRST.has(field)) return undefined;
    const value = readField(field);
    if (field !== 'message' || typeof value !== 'object' || value === null) return value;
    const content = (value as Record<string, unknown>)['content'];
    const media = Array.isArray(content)
      ? content.filter((block) => typeof block === 'object' && block !== null && block.type !== 'text')
      : [];
    return { ...value, content: media };
  };
}

/** Where the first byte of `bytes[from, end)` that is not a space, a tab or a carriage return is; `end` when none. */
function afterSpaces(bytes: Buffer, from: number, end: number): number {
  let at = from;
  while (at < end && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0d)) at++;
  return at;
}

/** Whether `bytes` at `at` spell `{"type":"<type>"`, for the line last scanned's `type`. */
function spelledTypeFirst(bytes: Buffer, at: number, end: number): boolean {
  const type = readField('type');
  if (typeof type !== 'string') return false;
  const prefix = Buffer.from(`{"type":${JSON.stringify(type)}`);
  return end - at >= prefix.length && bytes.compare(prefix, 0, prefix.length, at, at + prefix.length) === 0;
}

/**
 * Where the lines the fold reads start: 0, or, after a first line opened by a byte order mark,
 * the next line. Such a line is folded as the official SDK's listing reads it (see
 * {@link byteOrderMarkLineReader}).
 */
function afterByteOrderMarkLine(data: SessionSummaryData, head: Buffer, headLength: number): number {
  const mark = byteOrderMarkLength(head, headLength);
  if (mark === 0) return 0;
  const newline = head.indexOf(NEWLINE, mark);
  const end = newline === -1 || newline >= headLength ? headLength : newline;
  const open = afterSpaces(head, mark, end);
  const line = { bytes: head, from: mark, to: end, lastCounts: true, maskOf: allFields };
  // Only a line that holds one object (whitespace around it allowed) is read.
  if (head[open] === OPEN_BRACE && scanWhole(line, { start: open, end }))
    foldSummaryFields(data, byteOrderMarkLineReader(spelledTypeFirst(head, open, end)));
  // Folded or not, it was the first line: the session is a subagent's only when it said so.
  data.started = true;
  return end === headLength ? headLength : end + 1;
}

/** A transcript's folded summary with the stamp of the file it was read from. */
export interface LiteSummary {
  readonly data: SessionSummaryData;
  /** The file as `fstat` saw it when the read began (its size and mtime are the listing's). */
  readonly stamp: FileStamp;
}

/**
 * Reads a transcript's summary from its first and last {@link LITE_READ_BYTES}, plus up to
 * {@link FIRST_PROMPT_SCAN_BYTES} when the head holds no first prompt or no timestamp; never
 * the whole file. Synchronous on purpose: three or four small reads cost less than handing each
 * to the thread pool, and callers yield between files. Reuses module buffers, so it must not be
 * re-entered (it never awaits). Returns `undefined` for a file that cannot be read, is not a
 * regular file, or is empty.
 */
export function readLiteSummary(
  filePath: string,
  lines: LiteReadLines = 'deciding',
): LiteSummary | undefined {
  let fd: number;
  try {
    fd = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return undefined;
    const data = foldHeadAndTail(fd, stats.size, lines);
    return data === undefined ? undefined : { data, stamp: fileStampOf(stats) };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The tail is read with the byte before it, to tell whether its first line starts there. */
const TAIL_BUFFER_BYTES = LITE_READ_BYTES + 1;
/** Spare bytes between the buffers, so no line's scan reads into the next buffer's first bytes. */
const BUFFER_GAP = 16;
/**
 * The head, tail and prompt-window buffers, laid out in the scanner's workspace so lines are
 * scanned where they were read (made on the first read; every scan here is of a line inside it).
 */
let buffers: { head: Buffer; tail: Buffer; wide: Buffer } | undefined;
function readBuffers(): { head: Buffer; tail: Buffer; wide: Buffer } {
  if (buffers === undefined) {
    const tailAt = LITE_READ_BYTES + BUFFER_GAP;
    const wideAt = tailAt + TAIL_BUFFER_BYTES + BUFFER_GAP;
    const area = scanner.workspace(wideAt + FIRST_PROMPT_SCAN_BYTES);
    buffers = {
      head: area.subarray(0, LITE_READ_BYTES),
      tail: area.subarray(tailAt, tailAt + TAIL_BUFFER_BYTES),
      wide: area.subarray(wideAt, wideAt + FIRST_PROMPT_SCAN_BYTES),
    };
  }
  return buffers;
}

/** Any line of a file read whole may give any field. */
const allFields = () => ALL_FIELDS;

/** The groups a line of the head may give: all but the tail's, which it gives when it starts in the tail. */
function headMask(lineStart: number, tailStart: number): number {
  return HEAD_FIELDS | PROMPT_FIELDS | TITLE_FIELDS | (lineStart >= tailStart ? TAIL_FIELDS : 0);
}

/** True when the line at `from` of `bytes` (up to `length`) opens with `{` after any spaces, tabs or carriage returns. */
function firstLineOpensObject(bytes: Buffer, from: number, length: number): boolean {
  const at = afterSpaces(bytes, from, length);
  return at < length && bytes[at] === OPEN_BRACE;
}

/**
 * The summary of the transcript open at `fd`: the whole file when it fits the head buffer; else
 * the head, then the tail, or, when the head leaves the first prompt open, the prompt window
 * before the tail. `undefined` when nothing could be read.
 */
function foldHeadAndTail(fd: number, statSize: number, lines: LiteReadLines): SessionSummaryData | undefined {
  const data: SessionSummaryData = {};
  const head = readBuffers().head;
  const headLength = readFully(fd, head, Math.min(statSize, LITE_READ_BYTES), 0);
  if (headLength === 0) return undefined;
  const wholeFile = statSize <= LITE_READ_BYTES || headLength < LITE_READ_BYTES;
  const size = wholeFile ? headLength : statSize;
  const tailStart = Math.max(0, size - LITE_READ_BYTES);
  const firstLine = afterByteOrderMarkLine(data, head, headLength);
  // The file's first line alone says whether the session is a subagent's: a blank one, or one
  // that is not an object, says not.
  if (!firstLineOpensObject(head, firstLine, headLength)) data.started = true;
  if (wholeFile) {
    // One buffer holds the file: its last piece is a line too, and every line may give any field.
    const file = { bytes: head, from: firstLine, to: headLength, lastCounts: true, maskOf: allFields };
    const rest = foldUntilSettled(data, file, firstLine, lines);
    if (rest !== undefined) foldDecidingLines(data, [rest]);
    return data;
  }
  const firstNewline = head.indexOf(NEWLINE, firstLine);
  if (firstNewline === -1 || firstNewline >= headLength) {
    // A first line longer than the head: it still tells whether the session is a sidechain.
    foldLine(data, head, firstLine, headLength, 0, true);
    foldBeyondHead(fd, data, firstLine, size, tailStart);
    return data;
  }
  const covered = head.lastIndexOf(NEWLINE, headLength - 1) + 1;
  const headLines: LineRegion = {
    bytes: head,
    from: firstLine,
    to: covered,
    lastCounts: false,
    maskOf: (start) => headMask(start, tailStart),
  };
  const headRest = foldUntilSettled(data, headLines, firstLine, lines);
  if (!promptSettled(data)) {
    foldBeyondHead(fd, data, covered, size, tailStart);
    return data;
  }
  // The head is settled (its rest, if any, still to decide); tail lines give no first value but
  // entrypoint, which the deciding lines cover.
  const tail = readTail(fd, Math.max(tailStart, covered), size);
  const tailLines = tail === undefined ? undefined : tailWithMentions(tail, lines);
  if (headRest !== undefined && tailLines !== undefined) {
    // Decided together: a part the tail gives is never searched for in the head.
    foldDecidingLines(data, [headRest, tailLines]);
    return data;
  }
  if (headRest !== undefined) foldDecidingLines(data, [headRest]);
  if (tailLines !== undefined) foldDecidingLines(data, [tailLines]);
  else if (tail !== undefined) foldAll(data, tail, tail.from);
  return data;
}

/** Folds the prompt fields of whole lines after the head that end in the first 1 MiB and start before the tail. */
function foldPromptWindow(
  fd: number,
  data: SessionSummaryData,
  from: number,
  size: number,
  tailStart: number,
): number {
  const end = Math.min(size, FIRST_PROMPT_SCAN_BYTES);
  const wideBuffer = readBuffers().wide;
  const length = readFully(fd, wideBuffer, end - from, from);
  let lineStart = 0;
  let covered = from;
  while (lineStart < length && covered < tailStart && wantsPromptFields(data)) {
    const newline = wideBuffer.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= length) break;
    foldLine(data, wideBuffer, lineStart, newline, PROMPT_FIELDS);
    lineStart = newline + 1;
    covered = from + lineStart;
  }
  return covered;
}

/**
 * Reads the file from `from` to `size` into the tail buffer, with the byte before it, and returns
 * its whole lines from the first that starts at or after `from` (the last piece counts: it ends
 * the file); `undefined` when there is none.
 */
function readTail(fd: number, from: number, size: number): LineRegion | undefined {
  if (from >= size) return undefined;
  const before = from > 0 ? 1 : 0;
  const tail = readBuffers().tail;
  const tailLength = readFully(fd, tail, size - from + before, from - before);
  let lineStart = before;
  if (before === 1 && tail[0] !== NEWLINE) {
    const first = tail.indexOf(NEWLINE, 1);
    if (first === -1 || first >= tailLength) return undefined;
    lineStart = first + 1;
  }
  if (lineStart >= tailLength) return undefined;
  const base = from - before;
  return {
    bytes: tail,
    from: lineStart,
    to: tailLength,
    lastCounts: true,
    maskOf: (_start, end) =>
      TITLE_FIELDS | TAIL_FIELDS | (base + end < FIRST_PROMPT_SCAN_BYTES ? PROMPT_FIELDS : 0),
  };
}

/**
 * Folds every line after the head (which ends at `covered`) that may still count: the lines of the
 * first 1 MiB while the first prompt or the creation time is open, then each line of the tail.
 */
function foldBeyondHead(
  fd: number,
  data: SessionSummaryData,
  covered: number,
  size: number,
  tailStart: number,
): void {
  let from = covered;
  if (wantsPromptFields(data) && from < tailStart) from = foldPromptWindow(fd, data, from, size, tailStart);
  const tail = readTail(fd, Math.max(tailStart, from), size);
  if (tail !== undefined) foldAll(data, tail, tail.from);
}
