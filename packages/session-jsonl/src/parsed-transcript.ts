import { readLines } from './line-reader.js';
import {
  CHAIN_TYPES,
  type ChainEntryFacts,
  type ChainEntryType,
  MESSAGE_TYPES,
  malformedLine,
} from './transcript-index.js';
import type { SessionJsonlWarning } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** A chain entry read by parsing its whole line: the facts the chain walk needs plus its `message`. */
export interface ParsedEntry extends ChainEntryFacts {
  /** The parsed `message` value (`undefined` when absent or not a message entry). */
  readonly message: unknown;
}

/** JSON's own whitespace: a line of only these is blank (as the byte scanner counts it). */
const BLANK_LINE = /^[ \t\n\r]*$/;

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Reads a transcript by parsing every line with `JSON.parse` and keeping the chain entries (user,
 * assistant, progress, system and attachment entries with a string `uuid`) with their `message`.
 * A line is kept exactly when the CLI itself would parse it. Lines that are not JSON objects are
 * skipped and reported to `onWarning`; blank lines are ignored silently.
 *
 * Meant for transcripts small enough to hold their messages whole: `JSON.parse` needs no warm-up,
 * so a first call in a fresh process is as fast as a later one. Large transcripts go through the
 * byte index instead ({@link indexTranscript}), which keeps no content.
 */
export async function parseTranscript(
  fd: number,
  filePath: string,
  onWarning?: (warning: SessionJsonlWarning) => void,
): Promise<ParsedEntry[]> {
  const entries: ParsedEntry[] = [];
  await readLines(fd, (bytes, start, end, offset) => {
    const text = decodeUtf8(bytes, start, end);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (!BLANK_LINE.test(text)) onWarning?.(malformedLine(filePath, offset));
      return true;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      onWarning?.(malformedLine(filePath, offset));
      return true;
    }
    const line = value as Record<string, unknown>;
    const type = line['type'];
    if (typeof type !== 'string' || !CHAIN_TYPES.has(type)) return true;
    const uuid = line['uuid'];
    if (typeof uuid !== 'string') return true;
    const isMessage = MESSAGE_TYPES.has(type);
    const teamName = line['teamName'];
    entries.push({
      type: type as ChainEntryType,
      uuid,
      parentUuid: stringField(line['parentUuid']),
      isSidechain: line['isSidechain'] === true,
      isMeta: line['isMeta'] === true,
      hasTeamName: typeof teamName === 'string' || typeof teamName === 'boolean',
      position: entries.length,
      offset,
      sessionId: isMessage ? stringField(line['sessionId']) : undefined,
      timestamp: isMessage ? stringField(line['timestamp']) : undefined,
      origin: isMessage ? line['origin'] : undefined,
      message: isMessage ? line['message'] : undefined,
    });
    return true;
  });
  return entries;
}
