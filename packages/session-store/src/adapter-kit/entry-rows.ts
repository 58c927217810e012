import type { SessionStoreEntry } from '../types.js';
import { isWellFormedTextSafe } from '../well-formed.js';
import type { AdapterErrorFactory } from './adapter-error.js';
import { describeValue } from './describe-value.js';

/** One entry as a database adapter stores it: its JSON text and its dedupe key, if it has a uuid. */
export interface EntryRow {
  /** The entry's uuid in the form {@link dedupeKey} gives, or `null` for an entry without one. */
  readonly uuid: string | null;
  /** The entry's JSON text, stored verbatim. */
  readonly body: string;
}

/**
 * The form a uuid is indexed under: the uuid itself when it is well-formed UTF-16 without NUL
 * or `"`, else its JSON text (which starts with `"`, so the two forms never collide). Database
 * servers refuse NUL or turn lone surrogates into U+FFFD, which would merge distinct uuids.
 */
export function dedupeKey(uuid: string): string {
  return isWellFormedTextSafe(uuid) && !/[\u0000"]/.test(uuid) ? uuid : JSON.stringify(uuid);
}

/**
 * Serializes a batch for storage, checking all of it before anything is written: every entry a
 * JSON object with a string `type`, serializable, at most `maxEntryBytes` UTF-8 bytes of JSON
 * (else `INVALID_ENTRY` or `ENTRY_TOO_LARGE`, built by `fail`). `JSON.stringify` escapes NUL and
 * lone surrogates, so the text is valid UTF-8 for any text column or string value.
 */
export function toEntryRows(entries: unknown, maxEntryBytes: number, fail: AdapterErrorFactory): EntryRow[] {
  if (!Array.isArray(entries)) {
    throw fail({
      code: 'INVALID_ENTRY',
      message: `entries must be an array of transcript entries, got ${describeValue(entries)}`,
    });
  }
  const invalid = (index: number, what: string, entry: unknown): Error =>
    fail({
      code: 'INVALID_ENTRY',
      message: `Entry ${index} ${what}, got ${describeValue(entry)}; nothing of the batch was written.`,
    });
  return entries.map((entry: unknown, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw invalid(index, 'is not a JSON object', entry);
    }
    if (typeof (entry as SessionStoreEntry).type !== 'string') {
      throw invalid(index, 'has no string type', entry);
    }
    let body: string;
    try {
      body = JSON.stringify(entry);
    } catch (error) {
      throw fail({
        code: 'INVALID_ENTRY',
        cause: error,
        message: `Entry ${index} cannot be serialized as JSON (${error instanceof Error ? error.message : String(error)}); nothing of the batch was written.`,
      });
    }
    // A string's UTF-8 length is at most 3 bytes per UTF-16 unit: skip the exact count when it cannot matter.
    if (body.length * 3 > maxEntryBytes) {
      const bytes = Buffer.byteLength(body, 'utf8');
      if (bytes > maxEntryBytes) {
        throw fail({
          code: 'ENTRY_TOO_LARGE',
          message: `Entry ${index} (uuid ${describeValue((entry as SessionStoreEntry).uuid)}) is ${bytes} bytes of JSON, over maxEntryBytes ${maxEntryBytes}; nothing of the batch was written. Raise maxEntryBytes if this is expected.`,
        });
      }
    }
    const uuid = (entry as SessionStoreEntry).uuid;
    return { uuid: typeof uuid === 'string' ? dedupeKey(uuid) : null, body };
  });
}

/**
 * Parses one stored entry; one that is not a JSON object is `CORRUPT_ROW` (built by `fail`),
 * never skipped. `where` names the transcript for the message.
 */
export function parseEntryRow(body: string, where: string, fail: AdapterErrorFactory): SessionStoreEntry {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw fail({
      code: 'CORRUPT_ROW',
      cause: error,
      message: `A stored entry of ${where} is not valid JSON (${describeValue(body)}); it was changed outside this package.`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw fail({
      code: 'CORRUPT_ROW',
      message: `A stored entry of ${where} is not a JSON object (${describeValue(body)}); it was changed outside this package.`,
    });
  }
  return value as SessionStoreEntry;
}
