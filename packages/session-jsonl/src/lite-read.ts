import { constants } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { SCAN_BLANK, SCAN_MALFORMED, SCAN_OK, SCAN_TRUNCATED, TopLevelScanner } from './json-scan.js';
import { FIRST_PROMPT_SCAN_BYTES, LITE_READ_BYTES } from './limits.js';
import { readLines } from './line-reader.js';
import {
  foldSummaryFields,
  type SessionSummaryData,
  SUMMARY_FIELDS,
  type SummaryField,
  type SummaryFieldReader,
} from './summary-fold.js';

/** cwd, entrypoint, sessionKind: only from lines that end in the first 64 KiB. */
const HEAD_FIELDS = 1;
/** timestamp and the first-prompt fields: only from lines that end in the first 1 MiB. */
const PROMPT_FIELDS = 2;
/** customTitle, aiTitle, gitBranch: from the first and the last 64 KiB. */
const TITLE_FIELDS = 4;
/** lastPrompt, summary, tag: only from the last 64 KiB. */
const TAIL_FIELDS = 8;

const FIELD_GROUP: Record<SummaryField, number> = {
  type: 0,
  isSidechain: 0,
  timestamp: PROMPT_FIELDS,
  cwd: HEAD_FIELDS,
  entrypoint: HEAD_FIELDS,
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
};
const FIELD_INDEX = Object.fromEntries(SUMMARY_FIELDS.map((field, index) => [field, index])) as Record<
  SummaryField,
  number
>;
const NEWLINE = 0x0a;
/** Read size while looking past the head for a first prompt. */
const EXTENDED_READ_CHUNK_BYTES = 256 * 1024;

/** Folds lines of one transcript, deciding per line which fields it may contribute. */
class LiteFolder {
  readonly data: SessionSummaryData = {};
  readonly #scanner = new TopLevelScanner(SUMMARY_FIELDS);
  #mask = 0;
  readonly #read: SummaryFieldReader = (field) => {
    const group = FIELD_GROUP[field];
    if (group !== 0 && (this.#mask & group) === 0) return undefined;
    const index = FIELD_INDEX[field];
    if (field !== 'message') return this.#scanner.scalar(index);
    try {
      return this.#scanner.json(index);
    } catch {
      return undefined;
    }
  };

  /** Folds one line if it is a well-formed object; a cut first line still tells whether it is a sidechain. */
  fold(bytes: Buffer, start: number, end: number, mask: number, allowCut = false): void {
    const status = this.#scanner.scan(bytes, start, end);
    if (status === SCAN_BLANK || status === SCAN_MALFORMED) return;
    if (status === SCAN_TRUNCATED && !allowCut) return;
    this.#mask = status === SCAN_OK ? mask : 0;
    foldSummaryFields(this.data, this.#read);
  }

  get wantsPromptFields(): boolean {
    return this.data.firstPromptLocked !== true || this.data.createdAt === undefined;
  }
}

async function readFully(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

/**
 * Derives a session's summary from the first and last {@link LITE_READ_BYTES} of its transcript,
 * plus up to {@link FIRST_PROMPT_SCAN_BYTES} when the head holds no first prompt or timestamp.
 * Never reads the whole file. Returns `undefined` when the file cannot be read or is empty.
 */
export async function readSessionSummary(
  filePath: string,
  size: number,
): Promise<SessionSummaryData | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    return await foldHeadAndTail(handle, size);
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function foldHeadAndTail(
  handle: FileHandle,
  statSize: number,
): Promise<SessionSummaryData | undefined> {
  const head = Buffer.allocUnsafe(Math.min(Math.max(statSize, 1), LITE_READ_BYTES));
  const headLength = await readFully(handle, head, 0);
  if (headLength === 0) return undefined;
  const wholeFile = headLength < head.length || statSize <= LITE_READ_BYTES;
  const size = wholeFile ? headLength : statSize;
  const tailStart = Math.max(0, size - LITE_READ_BYTES);
  const folder = new LiteFolder();
  let lineStart = 0;
  for (;;) {
    const newline = head.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= headLength) break;
    folder.fold(head, lineStart, newline, headMask(lineStart, tailStart));
    lineStart = newline + 1;
  }
  if (wholeFile) {
    if (lineStart < headLength) folder.fold(head, lineStart, headLength, headMask(lineStart, tailStart));
    return folder.data;
  }
  if (lineStart === 0) folder.fold(head, 0, headLength, 0, true);
  let covered = lineStart;
  if (folder.wantsPromptFields && covered < tailStart) {
    await readLines(
      handle,
      (bytes, start, end, offset, terminated) => {
        const newlineAt = offset + (end - start);
        if (!terminated || newlineAt >= FIRST_PROMPT_SCAN_BYTES) return false;
        folder.fold(bytes, start, end, PROMPT_FIELDS);
        covered = newlineAt + 1;
        return folder.wantsPromptFields && covered < tailStart;
      },
      { start: covered, end: Math.min(size, FIRST_PROMPT_SCAN_BYTES), chunkBytes: EXTENDED_READ_CHUNK_BYTES },
    );
  }
  await foldTail(handle, folder, Math.max(tailStart, covered), size);
  return folder.data;
}

function headMask(lineStart: number, tailStart: number): number {
  return HEAD_FIELDS | PROMPT_FIELDS | TITLE_FIELDS | (lineStart >= tailStart ? TAIL_FIELDS : 0);
}

async function foldTail(handle: FileHandle, folder: LiteFolder, from: number, size: number): Promise<void> {
  if (from >= size) return;
  const before = from > 0 ? 1 : 0;
  const tail = Buffer.allocUnsafe(size - from + before);
  const tailLength = await readFully(handle, tail, from - before);
  let lineStart = 0;
  if (before === 1 && tail[0] !== NEWLINE) {
    const first = tail.indexOf(NEWLINE, 1);
    if (first === -1 || first >= tailLength) return;
    lineStart = first + 1;
  } else {
    lineStart = before;
  }
  const base = from - before;
  while (lineStart < tailLength) {
    let newline = tail.indexOf(NEWLINE, lineStart);
    if (newline === -1 || newline >= tailLength) newline = tailLength;
    const end = base + newline;
    folder.fold(
      tail,
      lineStart,
      newline,
      TITLE_FIELDS | TAIL_FIELDS | (end < FIRST_PROMPT_SCAN_BYTES ? PROMPT_FIELDS : 0),
    );
    lineStart = newline + 1;
  }
}
