import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { LITE_READ_BYTES } from './limits.js';
import { readFully } from './read-fully.js';
import { parseTimestamp } from './summary-fold.js';
import { decodeUtf8 } from './utf8.js';

const NEWLINE = 0x0a;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A prompt a person sent: a user entry that is not meta, not a compaction summary, not a tool result; or a queued command. */
function isHumanPrompt(entry: Record<string, unknown>): boolean {
  if (entry['type'] === 'attachment') {
    const attachment = entry['attachment'];
    return isRecord(attachment) && attachment['type'] === 'queued_command';
  }
  if (entry['type'] !== 'user' || entry['isMeta'] === true || entry['isCompactSummary'] === true)
    return false;
  const message = entry['message'];
  if (!isRecord(message)) return false;
  const content = message['content'];
  if (typeof content === 'string') return true;
  return (
    Array.isArray(content) && !content.some((block) => isRecord(block) && block['type'] === 'tool_result')
  );
}

function lineIsNewerPrompt(bytes: Buffer, start: number, end: number, afterMs: number): boolean {
  let entry: unknown;
  try {
    entry = JSON.parse(decodeUtf8(bytes, start, end));
  } catch {
    return false;
  }
  if (!isRecord(entry) || !isHumanPrompt(entry)) return false;
  const at = parseTimestamp(entry['timestamp']);
  return at !== undefined && at > afterMs;
}

/** Whole lines of `bytes[0, length)`; the first is skipped when `cutFirst` (it began before the read). */
function anyLine(
  bytes: Buffer,
  length: number,
  cutFirst: boolean,
  test: (start: number, end: number) => boolean,
): boolean {
  let start = 0;
  if (cutFirst) {
    const first = bytes.indexOf(NEWLINE);
    if (first === -1 || first >= length) return false;
    start = first + 1;
  }
  while (start < length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1 || end > length) end = length;
    if (test(start, end)) return true;
    start = end + 1;
  }
  return false;
}

/**
 * True when the transcript holds a human prompt (or a queued command) stamped later than
 * `afterMs`: the archive mark it would supersede. Reads what a listing reads, the first and the
 * last {@link LITE_READ_BYTES} (a later prompt is near the end); `false` when unreadable.
 */
export function hasPromptAfter(filePath: string, afterMs: number): boolean {
  let fd: number;
  try {
    fd = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const { size } = fstatSync(fd);
    const newer = (bytes: Buffer) => (start: number, end: number) =>
      lineIsNewerPrompt(bytes, start, end, afterMs);
    if (size <= 2 * LITE_READ_BYTES) {
      const whole = Buffer.allocUnsafe(size);
      const length = readFully(fd, whole, size, 0);
      return anyLine(whole, length, false, newer(whole));
    }
    const tail = Buffer.allocUnsafe(LITE_READ_BYTES);
    const tailLength = readFully(fd, tail, LITE_READ_BYTES, size - LITE_READ_BYTES);
    if (anyLine(tail, tailLength, true, newer(tail))) return true;
    const head = Buffer.allocUnsafe(LITE_READ_BYTES);
    const headLength = readFully(fd, head, LITE_READ_BYTES, 0);
    const lastNewline = head.lastIndexOf(NEWLINE, headLength - 1);
    return lastNewline > 0 && anyLine(head, lastNewline, false, newer(head));
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}
