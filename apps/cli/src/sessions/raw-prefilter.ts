import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** Largest transcript the prefilter reads whole, in bytes; bigger ones go straight to the reader. */
export const PREFILTER_MAX_BYTES = 64 * 1024 * 1024;

/** Printable ASCII except `"` and `\`: the characters JSON writers (the CLI's JSON.stringify) never escape. */
const LITERAL_IN_JSON = /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/;

/** A test on a transcript's raw bytes: `false` means the session's messages cannot contain the text. */
export type RawPrefilter = (bytes: Buffer) => boolean;

/**
 * A quick test that rules out a transcript without parsing it, when one is sound: for a plain
 * text of printable ASCII without `"` or `\`, any message holding the text holds it literally in
 * the file's bytes (JSON writes those characters as they are), so a file without those bytes
 * (in any letter case, unless `caseSensitive`) has no match. `undefined` for a regular
 * expression or a text JSON may escape: then every session is read.
 */
export function rawPrefilter(
  query: string,
  regex: boolean,
  caseSensitive: boolean,
): RawPrefilter | undefined {
  if (regex || !LITERAL_IN_JSON.test(query)) return undefined;
  if (caseSensitive) {
    const needle = Buffer.from(query, 'latin1');
    return (bytes) => bytes.indexOf(needle) !== -1;
  }
  // Latin-1 maps each byte to one character, so an ASCII pattern sees the bytes as they are.
  const pattern = new RegExp(query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  return (bytes) => anyWindowMatches(bytes, pattern, query.length);
}

/**
 * Bytes of a transcript the case-insensitive prefilter turns into text at once. Each window's text
 * is short-lived and small enough for the young generation; one text of a whole multi-MiB file
 * would land in the large-object space and stay there, garbage, until a full collection.
 */
export const PREFILTER_WINDOW_BYTES = 64 * 1024;

/**
 * True when `pattern` (which matches exactly `length` characters) matches the bytes read as
 * Latin-1, tested window by window; consecutive windows overlap by `length - 1` bytes, so a match
 * across a window's end is inside the next one.
 */
function anyWindowMatches(bytes: Buffer, pattern: RegExp, length: number): boolean {
  const window = Math.max(PREFILTER_WINDOW_BYTES, 2 * length);
  for (let start = 0; ; start += window - (length - 1)) {
    const end = Math.min(bytes.length, start + window);
    if (pattern.test(bytes.toString('latin1', start, end))) return true;
    if (end === bytes.length) return false;
  }
}

/** One buffer reused for every file the prefilter reads, grown to the largest file so far. */
let scratch = Buffer.alloc(0);

/** The file's bytes in the shared scratch buffer (valid until the next call), or `undefined` when over the limit. */
function readIntoScratch(filePath: string): Buffer | undefined {
  const fd = openSync(filePath, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > PREFILTER_MAX_BYTES) return undefined;
    if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
    let filled = 0;
    while (filled < size) {
      const read = readSync(fd, scratch, filled, size - filled, filled);
      if (read === 0) break;
      filled += read;
    }
    return scratch.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a session may hold a match, from the raw bytes of its transcript files (every copy:
 * `false` only when none holds the text). `true` without a prefilter, without files, for a file
 * over {@link PREFILTER_MAX_BYTES}, or one that cannot be read (the reader then decides). The
 * files are read into one reused buffer, so memory stays at the largest file, not the corpus.
 */
export function mayMatch(
  filePaths: readonly string[] | undefined,
  prefilter: RawPrefilter | undefined,
): boolean {
  if (prefilter === undefined || filePaths === undefined || filePaths.length === 0) return true;
  for (const filePath of filePaths) {
    try {
      const bytes = readIntoScratch(filePath);
      if (bytes === undefined || prefilter(bytes)) return true;
    } catch {
      return true;
    }
  }
  return false;
}
