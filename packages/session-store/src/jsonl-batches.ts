import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import type { SessionJsonlWarning } from '@ccsdk/session-jsonl';
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

const NEWLINE = 0x0a;
/** Bytes up to and including the space may start a blank line; a JSON value never starts with one after trimming. */
const SPACE = 0x20;

/**
 * Streams a JSONL file as batches of parsed JSON values (any value, primitives included), in
 * file order. Blank lines are skipped silently; lines that do not parse are skipped and
 * reported. A batch ends at `batchEntries` values or `batchChars` of line text, whichever comes
 * first; a single longer line is still read whole. Memory: one batch, one line, one read chunk.
 * Invalid UTF-8 decodes as U+FFFD.
 */
export async function* readJsonlBatches(
  filePath: string,
  options: JsonlBatchOptions,
): AsyncGenerator<unknown[], void, undefined> {
  const handle = await open(filePath, constants.O_RDONLY);
  try {
    const chunk = Buffer.allocUnsafe(IMPORT_READ_CHUNK_BYTES);
    let carry: Buffer[] = [];
    let carryStart = 0;
    let position = 0;
    let batch: unknown[] = [];
    let batchChars = 0;
    const take = (bytes: Buffer, start: number, end: number, offset: number): boolean => {
      const text = bytes.toString('utf8', start, end);
      const first = bytes[start];
      if ((first === undefined || first <= SPACE) && text.trim() === '') return false;
      try {
        batch.push(JSON.parse(text));
        batchChars += text.length;
      } catch {
        options.onWarning({
          code: 'MALFORMED_LINE',
          message: `Skipped a line of ${filePath} at byte ${offset}: it is not valid JSON (cut off by a crash, or garbage).`,
          filePath,
          byteOffset: offset,
        });
        return false;
      }
      return batch.length >= options.batchEntries || batchChars >= options.batchChars;
    };
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) break;
      let lineStart = 0;
      for (;;) {
        const newline = chunk.indexOf(NEWLINE, lineStart);
        if (newline === -1 || newline >= bytesRead) break;
        let full: boolean;
        if (carry.length > 0) {
          carry.push(chunk.subarray(0, newline));
          const line = Buffer.concat(carry);
          full = take(line, 0, line.length, carryStart);
          carry = [];
        } else {
          full = take(chunk, lineStart, newline, position + lineStart);
        }
        lineStart = newline + 1;
        if (full) {
          yield batch;
          batch = [];
          batchChars = 0;
        }
      }
      if (lineStart < bytesRead) {
        if (carry.length === 0) carryStart = position + lineStart;
        carry.push(Buffer.from(chunk.subarray(lineStart, bytesRead)));
      }
      position += bytesRead;
    }
    if (carry.length > 0) {
      const line = Buffer.concat(carry);
      take(line, 0, line.length, carryStart);
    }
    if (batch.length > 0) yield batch;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
