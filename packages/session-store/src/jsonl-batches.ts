import { closeSync, constants, openSync } from 'node:fs';
import { LineCursor, type SessionJsonlWarning } from '@ccsdk/session-jsonl';
import { IMPORT_READ_CHUNK_BYTES } from './limits.js';

/** How {@link readJsonlBatches} cuts batches. */
export interface JsonlBatchOptions {
  /** Cut a batch once it holds this many values. */
  readonly batchEntries: number;
  /** Cut a batch once its lines reach this many string-length units. */
  readonly batchChars: number;
  /** Receives each line that does not parse. */
  readonly onWarning: (warning: SessionJsonlWarning) => void;
}

/** One batch of {@link readJsonlBatches}: the values its lines parsed to, fresh and held by nothing else. */
export interface JsonlBatch {
  readonly values: unknown[];
}

/** Bytes up to and including the space may start a blank line; a JSON value never starts with one after trimming. */
const SPACE = 0x20;

/**
 * Streams a JSONL file as batches of parsed JSON values (any value, primitives included) with
 * in file order. Blank lines are skipped silently; lines that do not parse are skipped and
 * reported. A batch ends at `batchEntries` values or `batchChars` of line text, whichever comes
 * first; a single longer line is still read whole. Memory: one batch, one line, one read chunk
 * (pooled by session-jsonl's {@link LineCursor}, read synchronously between the caller's awaits).
 * Invalid UTF-8 decodes as U+FFFD.
 */
export async function* readJsonlBatches(
  filePath: string,
  options: JsonlBatchOptions,
): AsyncGenerator<JsonlBatch, void, undefined> {
  const fd = openSync(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
  const cursor = new LineCursor(fd, { chunkBytes: IMPORT_READ_CHUNK_BYTES });
  try {
    let values: unknown[] = [];
    let batchChars = 0;
    while (cursor.next()) {
      const { bytes, start, end } = cursor;
      const text = bytes.toString('utf8', start, end);
      const first = bytes[start];
      if ((first === undefined || first <= SPACE) && text.trim() === '') continue;
      try {
        values.push(JSON.parse(text));
        batchChars += text.length;
      } catch {
        options.onWarning({
          code: 'MALFORMED_LINE',
          message: `Skipped a line of ${filePath} at byte ${cursor.offset}: it is not valid JSON (cut off by a crash, or garbage).`,
          filePath,
          byteOffset: cursor.offset,
        });
        continue;
      }
      if (values.length >= options.batchEntries || batchChars >= options.batchChars) {
        yield { values };
        values = [];
        batchChars = 0;
      }
    }
    if (values.length > 0) yield { values };
  } finally {
    cursor.close();
    closeSync(fd);
  }
}
