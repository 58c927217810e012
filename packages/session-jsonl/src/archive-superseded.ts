import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { findFirstPrompt } from './first-prompt.js';
import { LITE_READ_BYTES } from './limits.js';
import { readFully } from './read-fully.js';
import { parseTimestamp } from './summary-fold.js';
import { decodeUtf8 } from './utf8.js';

const NEWLINE = 0x0a;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Content blocks a person attaches: they make a prompt even beside a slash command. */
const MEDIA_TYPES: ReadonlySet<unknown> = new Set(['image', 'document']);
/** A content block with a type, and not a tool result. */
function isTypedBlock(block: unknown): boolean {
  return isRecord(block) && typeof block['type'] === 'string' && block['type'] !== 'tool_result';
}

/** How the CLI opens a slash command a person typed (`<command-message>…` before `<command-name>`). */
const TYPED_COMMAND_OPENING = '<command-message>';

/**
 * Whether a user entry's message holds a prompt: text a first prompt is found in (or a `! `
 * command), or, in a message whose every block has a type and none is a tool result, an image, a
 * document or a slash command a person typed (text that opens with {@link TYPED_COMMAND_OPENING}).
 */
function holdsPrompt(entry: Readonly<Record<string, unknown>>): boolean {
  if (findFirstPrompt(entry)?.prompt !== undefined) return true;
  const message = entry['message'];
  const content = isRecord(message) ? message['content'] : undefined;
  const blocks: unknown = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  // A tool result, or a block without a type (`null`, `{}`), leaves a command or an attachment
  // no prompt.
  if (!Array.isArray(blocks) || !blocks.every(isTypedBlock)) return false;
  const records = blocks as Record<string, unknown>[];
  return records.some(
    (block) =>
      MEDIA_TYPES.has(block['type']) ||
      (block['type'] === 'text' &&
        typeof block['text'] === 'string' &&
        block['text'].trim().startsWith(TYPED_COMMAND_OPENING)),
  );
}

/**
 * A prompt a person sent, as the official SDK tells one that unarchives a session: a user entry
 * (not meta, not a compaction summary, not a subagent's: any truthy flag) whose message holds a
 * prompt ({@link holdsPrompt}: not a tool result, a slash command written `<command-name>` first,
 * context the CLI added, an interruption notice or blank text), or a queued command whose
 * `prompt` holds one (not a subagent's).
 */
function isHumanPrompt(entry: Record<string, unknown>): boolean {
  if (entry['isSidechain']) return false;
  if (entry['type'] === 'attachment') {
    const attachment = entry['attachment'];
    return (
      isRecord(attachment) &&
      attachment['type'] === 'queued_command' &&
      holdsPrompt({ type: 'user', message: { content: attachment['prompt'] } })
    );
  }
  if (entry['type'] !== 'user' || entry['isMeta'] || entry['isCompactSummary']) return false;
  return holdsPrompt(entry);
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
