import { type ParsedEntry, parsedChainEntry } from './entry-messages.js';
import { PARSE_CHUNK_BYTES } from './limits.js';
import { readLines } from './line-reader.js';
import { malformedLine } from './transcript-index.js';
import type { SessionJsonlWarning } from './types.js';
import { decodeUtf8 } from './utf8.js';

/** JSON's own whitespace: a line of only these is blank (as the byte scanner counts it). */
const BLANK_LINE = /^[ \t\n\r]*$/;

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
  await readLines(
    fd,
    (bytes, start, end, offset) => {
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
      const entry = parsedChainEntry(value as Record<string, unknown>, entries.length, offset);
      if (entry !== undefined) entries.push(entry);
      return true;
    },
    { chunkBytes: PARSE_CHUNK_BYTES },
  );
  return entries;
}
