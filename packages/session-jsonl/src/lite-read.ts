import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { SCAN_BLANK, SCAN_MALFORMED, SCAN_OK, SCAN_TRUNCATED, TopLevelScanner } from './json-scan.js';
import { FIRST_PROMPT_SCAN_BYTES, LITE_READ_BYTES } from './limits.js';
import { readFully } from './read-fully.js';
import {
  foldSummaryFields,
  type SessionSummaryData,
  SUMMARY_FIELDS,
  type SummaryField,
  type SummaryFieldReader,
} from './summary-fold.js';

/** cwd, sessionKind: only from lines that end in the first 64 KiB. */
const HEAD_FIELDS = 1;
/** timestamp and the first-prompt fields: only from lines that end in the first 1 MiB. */
const PROMPT_FIELDS = 2;
/**
 * customTitle, aiTitle, gitBranch, relocatedCwd, entrypoint (a first line longer than the head
 * still classifies the session), continued-in: from the first and the last 64 KiB.
 */
const TITLE_FIELDS = 4;
/** lastPrompt, summary, tag: only from the last 64 KiB. */
const TAIL_FIELDS = 8;

const FIELD_GROUP: Record<SummaryField, number> = {
  type: 0,
  isSidechain: 0,
  timestamp: PROMPT_FIELDS,
  cwd: HEAD_FIELDS,
  entrypoint: TITLE_FIELDS,
  sessionKind: HEAD_FIELDS,
  isMeta: PROMPT_FIELDS,
  isCompactSummary: PROMPT_FIELDS,
  message: PROMPT_FIELDS,
  customTitle: TITLE_FIELDS,
  aiTitle: TITLE_FIELDS,
  gitBranch: TITLE_FIELDS,
  lastPrompt: TAIL_FIELDS,
  summary: TAIL_FIELDS,
  tag: TAIL_FIELDS,
  relocatedCwd: TITLE_FIELDS,
  continuedInSessionId: TITLE_FIELDS,
  sessionId: TITLE_FIELDS,
};
const FIELD_INDEX = Object.fromEntries(SUMMARY_FIELDS.map((field, index) => [field, index])) as Record<
  SummaryField,
  number
>;
const NEWLINE = 0x0a;

/** Bytes of a UTF-8 byte order mark at offset 0 (EF BB BF), else 0: line 1 starts after it. */
function byteOrderMarkLength(bytes: Buffer, length: number): number {
  return length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
}

/** A transcript's folded summary with the size and mtime of the file it was read from. */
export interface LiteSummary {
  readonly data: SessionSummaryData;
  readonly size: number;
  /** Integer epoch milliseconds. */
  readonly mtimeMs: number;
}

/**
 * Reads a transcript's summary from its first and last {@link LITE_READ_BYTES}, plus up to
 * {@link FIRST_PROMPT_SCAN_BYTES} when the head holds no first prompt or no timestamp; never
 * the whole file. Synchronous on purpose: three or four small reads cost less than handing each
 * to the thread pool, and callers yield between files. Reuses module buffers, so it must not be
 * re-entered (it never awaits). Returns `undefined` for a file that cannot be read, is not a
 * regular file, or is empty.
 */
export function readLiteSummary(filePath: string): LiteSummary | undefined {
  let fd: number;
  try {
    fd = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return undefined;
    const data = foldHeadAndTail(fd, stats.size);
    return data === undefined ? undefined : { data, size: stats.size, mtimeMs: Math.round(stats.mtimeMs) };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

const scanner = new TopLevelScanner(SUMMARY_FIELDS);
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
/** Per field, its scanner index and its group (`index << 4 | group`): one lookup per read. */
const FIELD_SLOT = new Map<SummaryField, number>(
  SUMMARY_FIELDS.map((field) => [field, (FIELD_INDEX[field] << 4) | FIELD_GROUP[field]]),
);
let mask = 0;
const readField: SummaryFieldReader = (field) => {
  const slot = FIELD_SLOT.get(field)!;
  const group = slot & 15;
  if (group !== 0 && (mask & group) === 0) return undefined;
  const index = slot >> 4;
  if (field !== 'message') return scanner.scalar(index);
  try {
    return scanner.json(index);
  } catch {
    return undefined;
  }
};

/** Folds one line when it is a well-formed object; a cut first line still tells whether it is a sidechain. */
function foldLine(
  data: SessionSummaryData,
  bytes: Buffer,
  start: number,
  end: number,
  lineMask: number,
  allowCut = false,
): void {
  const status = scanner.scan(bytes, start, end);
  if (status === SCAN_BLANK || status === SCAN_MALFORMED) return;
  if (status === SCAN_TRUNCATED && !allowCut) return;
  mask = status === SCAN_OK ? lineMask : 0;
  foldSummaryFields(data, readField);
}

function wantsPromptFields(data: SessionSummaryData): boolean {
  return data.firstPromptLocked !== true || data.createdAt === undefined;
}

function headMask(lineStart: number, tailStart: number): number {
  return HEAD_FIELDS | PROMPT_FIELDS | TITLE_FIELDS | (lineStart >= tailStart ? TAIL_FIELDS : 0);
}

function foldHeadAndTail(fd: number, statSize: number): SessionSummaryData | undefined {
  const data: SessionSummaryData = {};
  const head = readBuffers().head;
  const headLength = readFully(fd, head, Math.min(statSize, LITE_READ_BYTES), 0);
  if (headLength === 0) return undefined;
  const wholeFile = statSize <= LITE_READ_BYTES || headLength < LITE_READ_BYTES;
  const size = wholeFile ? headLength : statSize;
  const tailStart = Math.max(0, size - LITE_READ_BYTES);
  const firstLine = byteOrderMarkLength(head, headLength);
  let lineStart = firstLine;
  for (;;) {
    const newline = head.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= headLength) break;
    foldLine(data, head, lineStart, newline, headMask(lineStart, tailStart));
    lineStart = newline + 1;
  }
  if (wholeFile) {
    if (lineStart < headLength) foldLine(data, head, lineStart, headLength, headMask(lineStart, tailStart));
    return data;
  }
  if (lineStart === firstLine) foldLine(data, head, firstLine, headLength, 0, true);
  let covered = lineStart;
  if (wantsPromptFields(data) && covered < tailStart)
    covered = foldPromptWindow(fd, data, covered, size, tailStart);
  foldTail(fd, data, Math.max(tailStart, covered), size);
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

function foldTail(fd: number, data: SessionSummaryData, from: number, size: number): void {
  if (from >= size) return;
  const before = from > 0 ? 1 : 0;
  const want = size - from + before;
  const tail = readBuffers().tail;
  const tailLength = readFully(fd, tail, want, from - before);
  let lineStart = before;
  if (before === 1 && tail[0] !== NEWLINE) {
    const first = tail.indexOf(NEWLINE, 1);
    if (first === -1 || first >= tailLength) return;
    lineStart = first + 1;
  }
  const base = from - before;
  while (lineStart < tailLength) {
    let newline = tail.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= tailLength) newline = tailLength;
    const promptMask = base + newline < FIRST_PROMPT_SCAN_BYTES ? PROMPT_FIELDS : 0;
    foldLine(data, tail, lineStart, newline, TITLE_FIELDS | TAIL_FIELDS | promptMask);
    lineStart = newline + 1;
  }
}
