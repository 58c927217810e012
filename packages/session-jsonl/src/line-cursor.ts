import { readSync } from 'node:fs';
import { acquireChunk, releaseChunk } from './chunk-pool.js';
import { STREAM_CHUNK_BYTES } from './limits.js';

const NEWLINE = 0x0a;

/** Options of {@link LineCursor}. */
export interface LineCursorOptions {
  /** File offset to start at. Default 0. */
  start?: number;
  /** File offset to stop at (exclusive). Default: end of file. */
  end?: number;
  /** Size of one read in bytes. Default {@link STREAM_CHUNK_BYTES}. */
  chunkBytes?: number;
}

/**
 * Pulls the lines of an open file one at a time, split on the 0x0A byte, in time and memory
 * linear in the input. After {@link next} returns `true`, the line is `bytes[start, end)`
 * (without its `\n`), at file offset `offset`; `terminated` is `false` only for a final
 * fragment without a newline (usually the half-written last entry of a killed CLI). The bytes
 * stay valid until the next call to `next` or `close`.
 *
 * Works on bytes, so a multibyte UTF-8 character is never cut and U+2028/U+2029 are not breaks.
 * Reads are synchronous, into a pooled chunk (a page-cache read costs less than a thread-pool
 * round trip, and a reused buffer costs no page faults); the caller decides when to give the event
 * loop a turn, which makes the cursor usable between `await`s. Only a line that straddles two
 * reads is copied, into a buffer that grows geometrically, so each byte is copied a bounded number
 * of times. Call {@link close} when done (it does not close the file).
 */
export class LineCursor {
  /** The bytes holding the current line. */
  bytes: Buffer = Buffer.alloc(0);
  /** Start of the current line in {@link bytes}. */
  start = 0;
  /** End of the current line in {@link bytes} (exclusive, before the newline). */
  end = 0;
  /** File offset of the current line's first byte. */
  offset = 0;
  /** Whether a newline ended the current line. */
  terminated = true;

  readonly #fd: number;
  readonly #stop: number;
  readonly #chunkBytes: number;
  #chunk: Buffer | undefined;
  /** Valid bytes in the chunk, and where the unvisited part starts. */
  #filled = 0;
  #next = 0;
  /** File offset of the chunk's first byte. */
  #chunkOffset: number;
  /** File offset of the next read. */
  #position: number;
  #carry: Buffer = Buffer.alloc(0);
  #carryLength = 0;
  #carryOffset = 0;
  #ended = false;

  constructor(fd: number, options: LineCursorOptions = {}) {
    this.#fd = fd;
    this.#position = options.start ?? 0;
    this.#chunkOffset = this.#position;
    this.#stop = options.end ?? Number.POSITIVE_INFINITY;
    this.#chunkBytes = options.chunkBytes ?? STREAM_CHUNK_BYTES;
    this.#chunk = acquireChunk(this.#chunkBytes);
  }

  /** File offset just past the current line's newline (or past the last byte read, after the end). */
  get endOffset(): number {
    return this.#ended ? this.#position : this.#chunkOffset + this.#next;
  }

  /** Moves to the next line; `false` at the end of the range. */
  next(): boolean {
    const chunk = this.#chunk;
    if (chunk === undefined || this.#ended) return false;
    for (;;) {
      if (this.#next < this.#filled) {
        const newline = chunk.indexOf(NEWLINE, this.#next);
        if (newline !== -1 && newline < this.#filled) {
          if (this.#carryLength > 0) {
            this.#appendCarry(chunk, this.#next, newline);
            this.#setLine(this.#carry, 0, this.#carryLength, this.#carryOffset, true);
            this.#carryLength = 0;
          } else {
            this.#setLine(chunk, this.#next, newline, this.#chunkOffset + this.#next, true);
          }
          this.#next = newline + 1;
          return true;
        }
        if (this.#carryLength === 0) this.#carryOffset = this.#chunkOffset + this.#next;
        this.#appendCarry(chunk, this.#next, this.#filled);
        this.#next = this.#filled;
      }
      const length = this.#read(chunk);
      if (length === 0) {
        this.#ended = true;
        if (this.#carryLength === 0) return false;
        this.#setLine(this.#carry, 0, this.#carryLength, this.#carryOffset, false);
        this.#carryLength = 0;
        return true;
      }
      this.#chunkOffset = this.#position;
      this.#position += length;
      this.#filled = length;
      this.#next = 0;
    }
  }

  /** Gives the read buffer back to the pool. The cursor reads nothing more afterwards. */
  close(): void {
    if (this.#chunk !== undefined) releaseChunk(this.#chunk);
    this.#chunk = undefined;
    this.bytes = Buffer.alloc(0);
  }

  /** Reads the next chunk of the range into `chunk`; 0 at its end. */
  #read(chunk: Buffer): number {
    if (this.#position >= this.#stop) return 0;
    const length = Math.min(this.#chunkBytes, this.#stop - this.#position);
    return readSync(this.#fd, chunk, 0, length, this.#position);
  }

  #setLine(bytes: Buffer, start: number, end: number, offset: number, terminated: boolean): void {
    this.bytes = bytes;
    this.start = start;
    this.end = end;
    this.offset = offset;
    this.terminated = terminated;
  }

  #appendCarry(source: Buffer, start: number, end: number): void {
    const need = this.#carryLength + (end - start);
    if (need > this.#carry.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.#carry.length * 2, 4096));
      this.#carry.copy(grown, 0, 0, this.#carryLength);
      this.#carry = grown;
    }
    source.copy(this.#carry, this.#carryLength, start, end);
    this.#carryLength = need;
  }
}
