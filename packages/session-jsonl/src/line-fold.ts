import { SCAN_BLANK, SCAN_MALFORMED, SCAN_OK, SCAN_TRUNCATED, TopLevelScanner } from './json-scan.js';
import { type LineRegion, lineEndFrom, type RegionLine } from './line-region.js';
import {
  foldSummaryFields,
  type SessionSummaryData,
  SUMMARY_FIELDS,
  type SummaryField,
  type SummaryFieldReader,
} from './summary-fold.js';

/**
 * Folding one line of a lite read's buffers into a summary. Where a line lies decides which
 * fields it may give (a mask of the groups below): the lite read passes the mask with each line,
 * and the reader the fold reads through answers `undefined` for a field outside it.
 */

/** cwd, sessionKind, parentUuid: only from lines that end in the first 64 KiB. */
export const HEAD_FIELDS = 1;
/** timestamp and the first-prompt fields: only from lines that end in the first 1 MiB. */
export const PROMPT_FIELDS = 2;
/**
 * customTitle, aiTitle, gitBranch, relocatedCwd, entrypoint (a first line longer than the head
 * still classifies the session), continued-in: from the first and the last 64 KiB.
 */
export const TITLE_FIELDS = 4;
/** lastPrompt, summary, tag: only from the last 64 KiB. */
export const TAIL_FIELDS = 8;
/** Every group: a line of a file read whole may give any field. */
export const ALL_FIELDS = HEAD_FIELDS | PROMPT_FIELDS | TITLE_FIELDS | TAIL_FIELDS;

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
  parentUuid: HEAD_FIELDS,
};

/** Each summary field's index among the scanner's keys (and in its key mentions). */
export const FIELD_INDEX = Object.fromEntries(SUMMARY_FIELDS.map((field, index) => [field, index])) as Record<
  SummaryField,
  number
>;

/** The one scanner of the lite read: its workspace holds the read buffers (see `lite-read.ts`). */
export const scanner = new TopLevelScanner(SUMMARY_FIELDS);

/** Per field, its scanner index and its group (`index << 4 | group`): one lookup per read. */
const FIELD_SLOT = new Map<SummaryField, number>(
  SUMMARY_FIELDS.map((field) => [field, (FIELD_INDEX[field] << 4) | FIELD_GROUP[field]]),
);
/** The groups the line last scanned may give. */
let mask = 0;

/** Reads a field of the line last scanned, under that line's mask. */
export const readField: SummaryFieldReader = (field) => {
  const slot = FIELD_SLOT.get(field)!;
  const group = slot & 15;
  if (group !== 0 && (mask & group) === 0) return undefined;
  const index = slot >> 4;
  // Strings and booleans are read as scalars; the message and a parent uuid (which may be null) as JSON.
  if (field !== 'message' && field !== 'parentUuid') return scanner.scalar(index);
  try {
    return scanner.json(index);
  } catch {
    return undefined;
  }
};

/**
 * Folds the line `[start, end)` of `bytes` when it is a well-formed object, its fields read under
 * `lineMask`; a cut first line (`allowCut`) still tells whether the session is a sidechain.
 */
export function foldLine(
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

/** Folds every line of `region` from `from`, in order. */
export function foldAll(data: SessionSummaryData, region: LineRegion, from: number): void {
  let start = from;
  while (start < region.to) {
    const end = lineEndFrom(region, start);
    if (end === -1) return;
    foldLine(data, region.bytes, start, end, region.maskOf(start, end));
    start = end + 1;
  }
}

/**
 * Scans `line` of `region`; true when it is a whole object, {@link readField} then giving its
 * fields under the line's mask (as a fold of that line would read them).
 */
export function scanWhole(region: LineRegion, line: RegionLine): boolean {
  if (scanner.scan(region.bytes, line.start, line.end) !== SCAN_OK) return false;
  mask = region.maskOf(line.start, line.end);
  return true;
}
