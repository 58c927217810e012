import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { acquireChunk, releaseChunk } from './chunk-pool.js';
import { type ChainMode, conversationChain, isVisible } from './conversation-chain.js';
import { SCAN_OK, TopLevelScanner } from './json-scan.js';
import { STREAM_CHUNK_BYTES } from './limits.js';
import { paginate } from './options.js';
import { type IndexedEntry, indexTranscript, malformedLine } from './transcript-index.js';
import type { SessionJsonlWarning, SessionMessage } from './types.js';

/** How to read one transcript's conversation. */
export interface ReadMessagesRequest {
  readonly filePath: string;
  readonly mode: ChainMode;
  readonly includeSystemMessages: boolean;
  readonly offset: number | undefined;
  readonly limit: number | undefined;
  readonly parentToolUseId: string | null;
  readonly parentAgentId: string | null;
  readonly onWarning: ((warning: SessionJsonlWarning) => void) | undefined;
}

const KEYS = ['type', 'uuid', 'sessionId', 'message', 'timestamp'] as const;
const [TYPE, UUID, SESSION, MESSAGE, TIMESTAMP] = [0, 1, 2, 3, 4] as const;

/**
 * Reads a transcript's conversation: one streaming pass indexes the chain entries, the chain is
 * walked, and only the lines of the requested page are read again and parsed (their `message`
 * only). A message whose line turns out not to parse is dropped (with a warning) and the chain is
 * walked again without it. Returns `[]` when the file cannot be opened or is not a regular file.
 */
export async function readConversation(request: ReadMessagesRequest): Promise<SessionMessage[]> {
  let fd: number;
  try {
    fd = openSync(request.filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return [];
  }
  try {
    if (!fstatSync(fd).isFile()) return [];
    let usable = await indexTranscript(fd, request.filePath, request.onWarning);
    for (;;) {
      const chain = conversationChain(usable, request.mode);
      const visible = chain.filter((entry) => isVisible(entry, request.mode, request.includeSystemMessages));
      const page = paginate(visible, request.offset, request.limit);
      const { messages, invalid } = materialize(fd, page, request);
      if (invalid.size === 0) return messages;
      for (const entry of invalid) request.onWarning?.(malformedLine(request.filePath, entry.offset));
      usable = usable.filter((entry) => !invalid.has(entry));
    }
  } finally {
    closeSync(fd);
  }
}

/** Reads the page's lines again, in file order and in reads of up to one chunk, and builds the messages. */
function materialize(
  fd: number,
  page: readonly IndexedEntry[],
  request: ReadMessagesRequest,
): { messages: SessionMessage[]; invalid: Set<IndexedEntry> } {
  const scanner = new TopLevelScanner(KEYS);
  const parsed = new Map<IndexedEntry, SessionMessage>();
  const invalid = new Set<IndexedEntry>();
  const byOffset = [...page].sort((a, b) => a.offset - b.offset);
  let buffer = acquireChunk();
  try {
    for (let i = 0; i < byOffset.length; ) {
      const first = byOffset[i]!;
      let j = i + 1;
      while (j < byOffset.length) {
        const candidate = byOffset[j]!;
        if (candidate.offset + candidate.length - first.offset > STREAM_CHUNK_BYTES) break;
        j++;
      }
      const last = byOffset[j - 1]!;
      const span = last.offset + last.length - first.offset;
      if (buffer.length < span) {
        releaseChunk(buffer);
        buffer = acquireChunk(span);
      }
      const filled = readAt(fd, buffer, span, first.offset);
      for (let k = i; k < j; k++) {
        const entry = byOffset[k]!;
        const start = entry.offset - first.offset;
        const end = start + entry.length;
        const message = end <= filled ? toMessage(scanner, buffer, start, end, entry, request) : undefined;
        if (message === undefined) invalid.add(entry);
        else parsed.set(entry, message);
      }
      i = j;
    }
  } finally {
    releaseChunk(buffer);
  }
  const messages: SessionMessage[] = [];
  for (const entry of page) {
    const message = parsed.get(entry);
    if (message !== undefined) messages.push(message);
  }
  return { messages, invalid };
}

function readAt(fd: number, buffer: Buffer, length: number, position: number): number {
  let filled = 0;
  while (filled < length) {
    const bytesRead = readSync(fd, buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}

function toMessage(
  scanner: TopLevelScanner,
  bytes: Buffer,
  start: number,
  end: number,
  entry: IndexedEntry,
  request: ReadMessagesRequest,
): SessionMessage | undefined {
  if (scanner.scan(bytes, start, end) !== SCAN_OK) return undefined;
  if (scanner.string(TYPE) !== entry.type || scanner.string(UUID) !== entry.uuid) return undefined;
  let message: unknown;
  try {
    message = scanner.json(MESSAGE);
  } catch {
    return undefined;
  }
  const result: SessionMessage = {
    type: entry.type as SessionMessage['type'],
    uuid: entry.uuid,
    session_id: scanner.string(SESSION) ?? '',
    message,
    parent_tool_use_id: request.parentToolUseId,
    parent_agent_id: request.parentAgentId,
  };
  const timestamp = scanner.string(TIMESTAMP);
  if (timestamp !== undefined) result.timestamp = timestamp;
  return result;
}
