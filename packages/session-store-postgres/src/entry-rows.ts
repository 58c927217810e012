import type { SessionStoreEntry } from '@ccsdk/session-store';
import { PostgresSessionStoreError } from './errors.js';
import { quote } from './quote.js';
import { isWellFormed } from './well-formed.js';

/** One entry as stored: its JSON text and its uuid (the idempotency key), if it has a string one. */
export interface EntryRow {
  readonly uuid: string | null;
  readonly body: string;
}

function invalid(index: number, what: string, entry: unknown): PostgresSessionStoreError {
  return new PostgresSessionStoreError({
    code: 'INVALID_ENTRY',
    message: `Entry ${index} ${what}, got ${quote(entry)}; nothing of the batch was written.`,
  });
}

/**
 * The form a uuid is indexed under: the uuid itself when it is well-formed UTF-16 without NUL
 * or `"`, else its JSON text (which starts with `"`, so the two forms never collide). The
 * server would refuse NUL and turn lone surrogates into U+FFFD, merging distinct uuids.
 */
export function dedupeKey(uuid: string): string {
  return isWellFormed(uuid) && !/[\u0000"]/.test(uuid) ? uuid : JSON.stringify(uuid);
}

/**
 * Serializes a batch for storage, checking all of it before anything is written: every entry a
 * JSON object with a string `type`, serializable, at most `maxEntryBytes` UTF-8 bytes of JSON.
 * `JSON.stringify` escapes NUL and lone surrogates, so the text is always valid for a `text` column.
 */
export function toEntryRows(entries: unknown, maxEntryBytes: number): EntryRow[] {
  if (!Array.isArray(entries)) {
    throw new PostgresSessionStoreError({
      code: 'INVALID_ENTRY',
      message: `entries must be an array of transcript entries, got ${quote(entries)}`,
    });
  }
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
      throw new PostgresSessionStoreError({
        code: 'INVALID_ENTRY',
        cause: error,
        message: `Entry ${index} cannot be serialized as JSON (${error instanceof Error ? error.message : String(error)}); nothing of the batch was written.`,
      });
    }
    // A string's UTF-8 length is at most 3 bytes per UTF-16 unit: skip the exact count when it cannot matter.
    if (body.length * 3 > maxEntryBytes) {
      const bytes = Buffer.byteLength(body, 'utf8');
      if (bytes > maxEntryBytes) {
        throw new PostgresSessionStoreError({
          code: 'ENTRY_TOO_LARGE',
          message: `Entry ${index} (uuid ${quote((entry as SessionStoreEntry).uuid)}) is ${bytes} bytes of JSON, over maxEntryBytes ${maxEntryBytes}; nothing of the batch was written. Raise maxEntryBytes if this is expected.`,
        });
      }
    }
    const uuid = (entry as SessionStoreEntry).uuid;
    return { uuid: typeof uuid === 'string' ? dedupeKey(uuid) : null, body };
  });
}

/** Parses one stored row; a row that is not a JSON object is `CORRUPT_ROW`, never skipped. */
export function parseEntryRow(body: string, where: string): SessionStoreEntry {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new PostgresSessionStoreError({
      code: 'CORRUPT_ROW',
      cause: error,
      message: `A stored row of ${where} is not valid JSON (${quote(body)}); it was changed outside this package.`,
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PostgresSessionStoreError({
      code: 'CORRUPT_ROW',
      message: `A stored row of ${where} is not a JSON object (${quote(body)}); it was changed outside this package.`,
    });
  }
  return value as SessionStoreEntry;
}
