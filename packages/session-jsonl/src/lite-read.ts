import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { SCAN_BLANK, SCAN_MALFORMED, SCAN_OK, SCAN_TRUNCATED, TopLevelScanner } from './json-scan.js';
import { KeyMentions } from './key-mentions.js';
import { FIRST_PROMPT_SCAN_BYTES, LITE_READ_BYTES } from './limits.js';
import { type LineRegion, lineAround, lineEndFrom, previousLine, type RegionLine } from './line-region.js';
import { readFully } from './read-fully.js';
import { type FileStamp, fileStampOf } from './session-files.js';
import {
  continuedInOf,
  foldSummaryFields,
  LAST_WINS_FIELD,
  LAST_WINS_PARTS,
  lastWinsValue,
  nonBlank,
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

/**
 * Which lines of the head and tail {@link readLiteSummary} folds: `deciding`, only those that can
 * change the summary (the default); `every`, each one, in order (the reference the first is
 * tested against).
 */
export type LiteReadLines = 'deciding' | 'every';

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
    skipLines = lines === 'deciding';
    const data = foldHeadAndTail(fd, stats.size);
    return data === undefined ? undefined : { data, stamp: fileStampOf(stats) };
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

/**
 * How a transcript's summary is read without folding every line of its head and tail. The fold
 * (`foldSummaryFields`) keeps the first value of some fields and the last of others, so only a few
 * lines decide it: the first lines, until every first-value field is set or no later line of the
 * head mentions it; for each last-wins part, the last line that gives it; and the last well-formed
 * line (it decides `continuedIn`). A line can only give a field whose key it spells, so one pass
 * over what follows the first prompt that lists where the keys are mentioned
 * (`TopLevelScanner.mentions`, sixteen bytes at a time) tells which lines to read; what they say is
 * then set as folding every line in order would. Where that pass gives up (an escape that may
 * spell a key, too many mentions), fewer than {@link FOLD_ALL_BELOW_LINES} lines follow, or the
 * first prompt is not settled in the head, every line is folded.
 */
const MENTIONED_FIELDS: readonly SummaryField[] = [
  'cwd',
  'entrypoint',
  'sessionKind',
  ...LAST_WINS_PARTS.map((part) => LAST_WINS_FIELD[part]),
];
const MENTIONED = MENTIONED_FIELDS.reduce((bits, field) => bits | (1 << FIELD_INDEX[field]), 0);
/** First-value fields a head line may still set after the first prompt is settled. */
const FIRST_VALUE_FIELDS = ['cwd', 'sessionKind', 'entrypoint'] as const;
/** Per scanner key index, the last-wins parts read from that key, as bits (part `i` is bit `i`). */
const PART_BITS_OF_KEY: readonly number[] = SUMMARY_FIELDS.map((field) =>
  LAST_WINS_PARTS.reduce(
    (bits, part, index) => (LAST_WINS_FIELD[part] === field ? bits | (1 << index) : bits),
    0,
  ),
);
const ALL_PARTS = (1 << LAST_WINS_PARTS.length) - 1;
const headMentions = new KeyMentions(0);
const tailMentions = new KeyMentions(1);

/** True when a mention of `field` lies in `[from, to)`. */
function mentionedIn(mentions: KeyMentions, field: SummaryField, from: number, to: number): boolean {
  const key = FIELD_INDEX[field];
  for (let m = mentions.count - 1; m >= 0; m--) {
    const position = mentions.position(m);
    if (position < from) return false;
    if (position < to && mentions.key(m) === key) return true;
  }
  return false;
}

/** True once the first entry was folded and the first prompt and the creation time are settled. */
function promptSettled(data: SessionSummaryData): boolean {
  return data.started === true && !wantsPromptFields(data);
}

/**
 * True when no line of `region` from `next` on can change a first-value field: each of cwd,
 * sessionKind and entrypoint is set or not mentioned in the rest of the region.
 */
function firstValuesSettled(data: SessionSummaryData, region: LineRegion, next: number): boolean {
  for (const field of FIRST_VALUE_FIELDS) {
    if (data[field] === undefined && mentionedIn(region.mentions!, field, next, region.to)) return false;
  }
  return true;
}

/**
 * Fewer lines than this after the first prompt: they are all folded. A mentions pass costs about
 * as much per byte as reading lines does, so it pays only where many lines can be skipped (a
 * transcript of a few long lines is read faster line by line).
 */
const FOLD_ALL_BELOW_LINES = 8;

/** True when fewer than {@link FOLD_ALL_BELOW_LINES} lines of `region` start at or after `from`. */
function fewLinesFrom(region: LineRegion, from: number): boolean {
  let start = from;
  for (let lines = 0; lines < FOLD_ALL_BELOW_LINES; lines++) {
    const end = start < region.to ? lineEndFrom(region, start) : -1;
    if (end === -1) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Folds the lines of `region` from `from`, in order, until the first prompt is settled; then
 * lists the mentions of the rest (into `out`) and goes on until no later line can change a first
 * value. Returns the rest, with its mentions, for {@link foldDecidingLines}; or `undefined` when
 * every line was folded (the prompt never settled, few lines were left, or the mentions pass gave
 * up).
 */
function foldUntilSettled(
  data: SessionSummaryData,
  region: LineRegion,
  from: number,
  out: KeyMentions,
): LineRegion | undefined {
  let start = from;
  let rest: LineRegion | undefined;
  while (start < region.to) {
    const end = lineEndFrom(region, start);
    if (end === -1) break;
    foldLine(data, region.bytes, start, end, region.maskOf(start, end));
    start = end + 1;
    if (!promptSettled(data)) continue;
    if (rest === undefined) {
      rest = fewLinesFrom(region, start) ? undefined : withMentions({ ...region, from: start }, out);
      if (rest?.mentions === undefined) {
        foldAll(data, region, start);
        return undefined;
      }
    }
    if (firstValuesSettled(data, rest, start)) return { ...rest, from: start };
  }
  return undefined;
}

/**
 * The tail's lines with their mentions, for {@link foldDecidingLines}; `undefined` when they are
 * few or the mentions pass gives up (they are then all folded).
 */
function tailWithMentions(tail: LineRegion): LineRegion | undefined {
  if (fewLinesFrom(tail, tail.from)) return undefined;
  const lines = withMentions(tail, tailMentions);
  return lines.mentions === undefined ? undefined : lines;
}

/** Folds every line of `region` from `from`, in order. */
function foldAll(data: SessionSummaryData, region: LineRegion, from: number): void {
  let start = from;
  while (start < region.to) {
    const end = lineEndFrom(region, start);
    if (end === -1) return;
    foldLine(data, region.bytes, start, end, region.maskOf(start, end));
    start = end + 1;
  }
}

/**
 * After the first-value fields are settled, reads only the lines of `regions` (in file order,
 * each with its mentions) that decide the rest, and sets what each says, as folding every line in
 * order would: `continuedIn` from the last well-formed line, each last-wins part from the last line
 * that gives it, and, when `entrypoint` is still unset, the first line that gives one.
 */
function foldDecidingLines(data: SessionSummaryData, regions: readonly LineRegion[]): void {
  foldLastLine(data, regions);
  const values: (string | null | undefined)[] = [];
  let open = ALL_PARTS;
  for (let r = regions.length - 1; r >= 0 && open !== 0; r--)
    open = readLastGivers(regions[r]!, open, values);
  for (let part = 0; part < LAST_WINS_PARTS.length; part++) {
    if ((open & (1 << part)) !== 0) continue;
    const name = LAST_WINS_PARTS[part]!;
    const value = values[part];
    if (value === null || value === undefined) delete data[name];
    else data[name] = value;
  }
  if (data.entrypoint === undefined) {
    const entrypoint = firstEntrypoint(regions);
    if (entrypoint !== undefined) data.entrypoint = entrypoint;
  }
}

/**
 * Scans `line` of `region`; true when it is a whole object, the reader then giving its fields
 * under the line's mask (as a fold of that line would read them).
 */
function scanWhole(region: LineRegion, line: RegionLine): boolean {
  if (scanner.scan(region.bytes, line.start, line.end) !== SCAN_OK) return false;
  mask = region.maskOf(line.start, line.end);
  return true;
}

/**
 * The last line of `regions` that scans as a whole object is the last one the fold takes: it
 * alone decides `continuedIn`. Nothing changes when no line is whole.
 */
function foldLastLine(data: SessionSummaryData, regions: readonly LineRegion[]): void {
  for (let r = regions.length - 1; r >= 0; r--) {
    const region = regions[r]!;
    for (
      let line = previousLine(region, region.to);
      line !== undefined;
      line = previousLine(region, line.start)
    ) {
      if (!scanWhole(region, line)) continue;
      const target = continuedInOf(readField('type'), readField);
      if (target !== undefined) data.continuedIn = target;
      else delete data.continuedIn;
      return;
    }
  }
}

/**
 * Walks the mentions of `region` from its end and reads, for each part still `open` (bits of
 * {@link LAST_WINS_PARTS}), what the last line that gives it says into `values`; a line is read
 * once, for every open part. Returns the parts still open.
 */
function readLastGivers(region: LineRegion, open: number, values: (string | null | undefined)[]): number {
  const mentions = region.mentions!;
  let readLineAt = -1;
  for (let m = mentions.count - 1; m >= 0 && open !== 0; m--) {
    const position = mentions.position(m);
    if (position >= region.to) continue;
    if (position < region.from) break;
    if ((PART_BITS_OF_KEY[mentions.key(m)]! & open) === 0) continue;
    const line = lineAround(region, position);
    if (line === undefined || line.start === readLineAt) continue;
    readLineAt = line.start;
    if (!scanWhole(region, line)) continue;
    const type = readField('type');
    for (let part = 0; part < LAST_WINS_PARTS.length; part++) {
      if ((open & (1 << part)) === 0) continue;
      const value = lastWinsValue(LAST_WINS_PARTS[part]!, type, readField);
      if (value === undefined) continue;
      values[part] = value;
      open &= ~(1 << part);
    }
  }
  return open;
}

/** The first non-blank entrypoint a line of `regions` gives. */
function firstEntrypoint(regions: readonly LineRegion[]): string | undefined {
  const key = FIELD_INDEX.entrypoint;
  for (const region of regions) {
    const mentions = region.mentions!;
    let readLineAt = -1;
    for (let m = 0; m < mentions.count; m++) {
      const position = mentions.position(m);
      if (position < region.from || mentions.key(m) !== key) continue;
      if (position >= region.to) break;
      const line = lineAround(region, position);
      if (line === undefined || line.start === readLineAt) continue;
      readLineAt = line.start;
      if (!scanWhole(region, line)) continue;
      const entrypoint = nonBlank(readField('entrypoint'));
      if (entrypoint !== undefined) return entrypoint;
    }
  }
  return undefined;
}

/** False while a read folds every line (`readLiteSummary`'s `every`). */
let skipLines = true;

/**
 * Lists the mentions of `region`'s bytes into `out`; the region without them (every line is then
 * folded) when the pass gives up, every line is asked for, or WebAssembly is not available (the
 * JavaScript search is a reference, slower than folding every line).
 */
function withMentions(region: Omit<LineRegion, 'mentions'>, out: KeyMentions): LineRegion {
  if (!skipLines || scanner.engine !== 'wasm') return region;
  return scanner.mentions(region.bytes, region.from, region.to, MENTIONED, out)
    ? { ...region, mentions: out }
    : region;
}

const ALL_FIELDS = HEAD_FIELDS | PROMPT_FIELDS | TITLE_FIELDS | TAIL_FIELDS;
const allFields = () => ALL_FIELDS;

function foldHeadAndTail(fd: number, statSize: number): SessionSummaryData | undefined {
  const data: SessionSummaryData = {};
  const head = readBuffers().head;
  const headLength = readFully(fd, head, Math.min(statSize, LITE_READ_BYTES), 0);
  if (headLength === 0) return undefined;
  const wholeFile = statSize <= LITE_READ_BYTES || headLength < LITE_READ_BYTES;
  const size = wholeFile ? headLength : statSize;
  const tailStart = Math.max(0, size - LITE_READ_BYTES);
  const firstLine = byteOrderMarkLength(head, headLength);
  if (wholeFile) {
    // One buffer holds the file: its last piece is a line too, and every line may give any field.
    const file = { bytes: head, from: firstLine, to: headLength, lastCounts: true, maskOf: allFields };
    const rest = foldUntilSettled(data, file, firstLine, headMentions);
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
  const headRest = foldUntilSettled(data, headLines, firstLine, headMentions);
  if (!promptSettled(data)) {
    foldBeyondHead(fd, data, covered, size, tailStart);
    return data;
  }
  // The head is settled (its rest, if any, still to decide); tail lines give no first value but
  // entrypoint, which the deciding lines cover.
  const tail = readTail(fd, Math.max(tailStart, covered), size);
  const tailLines = tail === undefined ? undefined : tailWithMentions(tail);
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
