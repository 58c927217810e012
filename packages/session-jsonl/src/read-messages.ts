import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { acquireChunk, releaseChunk } from './chunk-pool.js';
import { type MessagePageRequest, pageOf, toSessionMessage } from './entry-messages.js';
import { STREAM_CHUNK_BYTES, WHOLE_PARSE_MAX_BYTES } from './limits.js';
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
 * line by line and the page is taken from the parsed entries. A larger one is indexed by one
 * streaming pass of the byte scanner, the chain is walked, and only the `message` values of the
 * requested page are read again and parsed; a message that turns out not to parse is dropped
 * (with a warning) and the chain is walked again without it. Returns `[]` when the file cannot be
 * opened or is not a regular file.
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
    return stats.size <= WHOLE_PARSE_MAX_BYTES
      ? await readParsedConversation(fd, request)
      : await readIndexedConversation(fd, request);
  } finally {
    closeSync(fd);
  }
}

/** The conversation of an open transcript, read by parsing every line (the path up to {@link WHOLE_PARSE_MAX_BYTES}). */
export async function readParsedConversation(
  fd: number,
  request: ReadMessagesRequest,
): Promise<SessionMessage[]> {
  const entries = await parseTranscript(fd, request.filePath, request.onWarning);
  return pageOf(entries, request).map((entry) => toSessionMessage(entry, entry.message, request));
}

/**
 * The conversation of an open transcript, read through the byte index (the path above
 * {@link WHOLE_PARSE_MAX_BYTES}). The index checks a line's structure, not its string contents or
 * the spelling of its numbers and literals: a line whole in structure but not valid JSON (never
 * written by the CLI; only corruption makes one) counts here, where a whole-line parse skips it.
 */
export async function readIndexedConversation(
  fd: number,
  request: ReadMessagesRequest,
): Promise<SessionMessage[]> {
  let usable = await indexTranscript(fd, request.filePath, request.onWarning);
  for (;;) {
    const page = pageOf(usable, request);
    const { messages, invalid } = materialize(fd, page, request);
    if (invalid.size === 0) return messages;
    for (const entry of invalid) request.onWarning?.(malformedLine(request.filePath, entry.offset));
    usable = usable.filter((entry) => !invalid.has(entry));
  }
}

/**
 * Reads the raw `message` values of the page (in file order, in reads of up to one chunk) and
 * parses them. A value that no longer parses marks its entry invalid.
 */
function materialize(
  fd: number,
  page: readonly IndexedEntry[],
  request: ReadMessagesRequest,
): { messages: SessionMessage[]; invalid: Set<IndexedEntry> } {
  const parsed = new Map<IndexedEntry, unknown>();
  const invalid = new Set<IndexedEntry>();
  const withMessage = page
    .filter((entry) => entry.messageOffset >= 0)
    .sort((a, b) => a.messageOffset - b.messageOffset);
  let buffer = acquireChunk();
  try {
    for (let i = 0; i < withMessage.length; ) {
      const first = withMessage[i]!;
      let j = i + 1;
      while (j < withMessage.length) {
        const candidate = withMessage[j]!;
        if (candidate.messageOffset + candidate.messageLength - first.messageOffset > STREAM_CHUNK_BYTES)
          break;
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
    if (!invalid.has(entry)) messages.push(toSessionMessage(entry, parsed.get(entry), request));
  }
  return { messages, invalid };
}
