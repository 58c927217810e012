import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { acquireChunk, releaseChunk } from './chunk-pool.js';
import {
  type MessagePageRequest,
  pageOf,
  parsedHoldsToolResult,
  parsedOpeningTag,
  parsedPageMessages,
  toSessionMessage,
} from './entry-messages.js';
import { REREAD_MERGE_GAP_BYTES, STREAM_CHUNK_BYTES, WHOLE_PARSE_MAX_BYTES } from './limits.js';
import { type OpeningTag, openingTagOf } from './local-commands.js';
import { type HoldsToolResult, messageHoldsToolResult } from './parallel-tool-calls.js';
import { parseTranscript } from './parsed-transcript.js';
import { readFully } from './read-fully.js';
import { type IndexedEntry, indexTranscript, malformedLine } from './transcript-index.js';
import type { SessionJsonlWarning, SessionMessage } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** How to read one transcript's conversation. */
export interface ReadMessagesRequest extends MessagePageRequest {
  readonly filePath: string;
  readonly onWarning: ((warning: SessionJsonlWarning) => void) | undefined;
}

/**
 * Reads a transcript's conversation. A transcript up to {@link WHOLE_PARSE_MAX_BYTES} is parsed
 * line by line and the page taken from the parsed entries. A larger one is indexed by one
 * streaming pass of the validating line indexer, the chain walked, and only the `message` values
 * of the requested page read again and parsed; where the indexer cannot run (no WebAssembly
 * SIMD, or a line longer than `WASM_SCAN_MAX_LINE_BYTES`) it is parsed line by line too. Every
 * way gives the same messages and warnings. Returns `[]` when the file cannot be opened or is not
 * a regular file.
 */
export async function readConversation(request: ReadMessagesRequest): Promise<SessionMessage[]> {
  let fd: number;
  try {
    fd = openSync(request.filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return [];
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return [];
    const indexed =
      stats.size > WHOLE_PARSE_MAX_BYTES ? await readIndexedConversation(fd, request) : undefined;
    return indexed ?? (await readParsedConversation(fd, request));
  } finally {
    closeSync(fd);
  }
}

/** The conversation of an open transcript, read by parsing every line with `JSON.parse` (the path up to {@link WHOLE_PARSE_MAX_BYTES}, and wherever the line indexer cannot run). */
export async function readParsedConversation(
  fd: number,
  request: ReadMessagesRequest,
): Promise<SessionMessage[]> {
  const entries = await parseTranscript(fd, request.filePath, request.onWarning);
  return parsedPageMessages(pageOf(entries, request, parsedOpeningTag, parsedHoldsToolResult), request);
}

/**
 * The conversation of an open transcript, read through the line index; `undefined` when the
 * indexer cannot read this file here (see {@link indexTranscript}). The index accepts a line
 * exactly when `JSON.parse` would, so the messages are those of {@link readParsedConversation}.
 * Should a `message` value no longer parse when it is read again (the file changed in between),
 * its entry is dropped with a warning and the chain walked again without it.
 */
export async function readIndexedConversation(
  fd: number,
  request: ReadMessagesRequest,
): Promise<SessionMessage[] | undefined> {
  let usable = await indexTranscript(fd, request.filePath, request.onWarning);
  if (usable === undefined) return undefined;
  const openingTag = indexedOpeningTag(fd);
  const holdsToolResult = indexedHoldsToolResult(fd);
  for (;;) {
    const page = pageOf(usable, request, openingTag, holdsToolResult);
    const { messages, invalid } = materialize(fd, page.entries, page.localCommands, request);
    if (invalid.size === 0) return messages;
    for (const entry of invalid) request.onWarning?.(malformedLine(request.filePath, entry.offset));
    usable = usable.filter((entry) => !invalid.has(entry));
  }
}

/**
 * Reads the raw `message` values of the page not parsed yet (in file order, in reads of up to one
 * chunk, values close together in one read) and parses them. A value that no longer parses marks
 * its entry invalid.
 */
function materialize(
  fd: number,
  page: readonly IndexedEntry[],
  localCommands: ReadonlySet<IndexedEntry>,
  request: ReadMessagesRequest,
): { messages: SessionMessage[]; invalid: Set<IndexedEntry> } {
  const parsed = new Map<IndexedEntry, unknown>();
  const invalid = new Set<IndexedEntry>();
  const withMessage = page
    .filter((entry) => entry.messageOffset >= 0)
    .sort((a, b) => a.messageOffset - b.messageOffset);
  let buffer = withMessage.length === 0 ? Buffer.alloc(0) : acquireChunk();
  try {
    for (let i = 0; i < withMessage.length; ) {
      const first = withMessage[i]!;
      let j = i + 1;
      while (j < withMessage.length) {
        const candidate = withMessage[j]!;
        const previous = withMessage[j - 1]!;
        if (candidate.messageOffset + candidate.messageLength - first.messageOffset > STREAM_CHUNK_BYTES)
          break;
        if (
          candidate.messageOffset - (previous.messageOffset + previous.messageLength) >
          REREAD_MERGE_GAP_BYTES
        ) {
          break;
        }
        j++;
      }
      const last = withMessage[j - 1]!;
      const span = last.messageOffset + last.messageLength - first.messageOffset;
      if (buffer.length < span) {
        releaseChunk(buffer);
        buffer = acquireChunk(span);
      }
      const filled = readFully(fd, buffer, span, first.messageOffset);
      for (let k = i; k < j; k++) {
        const entry = withMessage[k]!;
        const start = entry.messageOffset - first.messageOffset;
        const end = start + entry.messageLength;
        try {
          if (end > filled) throw new RangeError('the transcript shrank');
          parsed.set(entry, JSON.parse(decodeUtf8(buffer, start, end)));
        } catch {
          invalid.add(entry);
        }
      }
      i = j;
    }
  } finally {
    releaseChunk(buffer);
  }
  const messages: SessionMessage[] = [];
  for (const entry of page) {
    if (invalid.has(entry)) continue;
    messages.push(
      toSessionMessage(
        entry,
        entry.messageOffset < 0 ? entry.parsedMessage : parsed.get(entry),
        request,
        localCommands.has(entry),
      ),
    );
  }
  return { messages, invalid };
}

/** A `\u` escape: JSON text may spell any character of a tag with one. */
const UNICODE_ESCAPE = Buffer.from('\\u', 'latin1');
/** The bytes of `tool_result` (a block type may also be spelled with `\\u` escapes, checked apart). */
const TOOL_RESULT_BYTES = Buffer.from('tool_result', 'latin1');

/**
 * The `message` value of an indexed entry, read again from the file (or kept, for a line the
 * indexer left to `JSON.parse`), parsed only when `worthParsing` says its bytes may hold what the
 * caller looks for; `undefined` when they cannot, or when the value no longer parses.
 */
function messageOf(fd: number, entry: IndexedEntry, worthParsing: (bytes: Buffer) => boolean): unknown {
  if (entry.messageOffset < 0) return entry.parsedMessage;
  const buffer = acquireChunk(entry.messageLength);
  try {
    const length = readFully(fd, buffer, entry.messageLength, entry.messageOffset);
    const bytes = buffer.subarray(0, length);
    return worthParsing(bytes) ? JSON.parse(decodeUtf8(bytes, 0, length)) : undefined;
  } catch {
    return undefined;
  } finally {
    releaseChunk(buffer);
  }
}

/**
 * {@link HoldsToolResult} of an indexed entry (only user entries off the chain under an assistant
 * entry are asked): its `message` parsed when its bytes spell `tool_result` or hold a `\u` escape.
 */
function indexedHoldsToolResult(fd: number): HoldsToolResult<IndexedEntry> {
  return (entry) =>
    messageHoldsToolResult(
      messageOf(fd, entry, (bytes) => bytes.includes(TOOL_RESULT_BYTES) || bytes.includes(UNICODE_ESCAPE)),
    );
}

/**
 * {@link OpeningTag} of an indexed entry: its `message` parsed only when its bytes may open a
 * string with a tag (they hold `"` and the tag, or a `\u` escape, the only JSON escape that can
 * spell a character of a tag). A value that no longer parses opens with no tag.
 */
function indexedOpeningTag(fd: number): OpeningTag<IndexedEntry> {
  return (entry, tags) =>
    openingTagOf(
      messageOf(
        fd,
        entry,
        (bytes) =>
          bytes.includes(UNICODE_ESCAPE) || tags.some((tag) => bytes.includes(`"${tag}`, 0, 'latin1')),
      ),
      tags,
    );
}
