import { ControlProtocolError } from './errors.js';
import { DEFAULT_MAX_LINE_BYTES } from './limits.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Options of {@link LineSplitter}. */
export interface LineSplitterOptions {
  /** Receives each complete line without its `\n` (and without a trailing `\r`). */
  onLine: (line: Uint8Array) => void;
  /** Receives `LINE_TOO_LONG` when a line passes `maxLineBytes`; the line is skipped. */
  onError?: (error: ControlProtocolError) => void;
  /** Largest accepted line in bytes, not counting the `\n` or a `\r` before it. Default {@link DEFAULT_MAX_LINE_BYTES}. */
  maxLineBytes?: number;
}

/**
 * Splits a byte stream on the newline byte, in time linear in the input.
 *
 * Works on bytes, so a multibyte UTF-8 character split across chunks is never cut (0x0A
 * never occurs inside one), and U+2028/U+2029 are not breaks. Each chunk is scanned once;
 * a partial line is copied once when held and concatenated once when its newline arrives.
 */
export class LineSplitter {
  readonly #onLine: (line: Uint8Array) => void;
  readonly #onError: ((error: ControlProtocolError) => void) | undefined;
  readonly #maxLineBytes: number;
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;
  #skipping = false;

  constructor(options: LineSplitterOptions) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isSafeInteger(max) || max <= 0) {
      throw new TypeError(`maxLineBytes must be a positive integer, got ${String(options.maxLineBytes)}`);
    }
    this.#onLine = options.onLine;
    this.#onError = options.onError;
    this.#maxLineBytes = max;
  }

  /** Feeds the next chunk of the stream. The chunk may be reused by the caller afterwards. */
  write(chunk: Uint8Array): void {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.#hold(chunk, start);
        return;
      }
      this.#finishLine(chunk.subarray(start, newline));
      start = newline + 1;
    }
  }

  /**
   * Ends the stream and returns the unterminated trailing fragment, if any (empty when the
   * stream ended on a newline or inside a skipped over-long line). The splitter is reset.
   */
  end(): Uint8Array {
    let rest = this.#skipping ? new Uint8Array(0) : this.#takePending(new Uint8Array(0));
    const contentBytes = rest.length - (rest[rest.length - 1] === CARRIAGE_RETURN ? 1 : 0);
    if (contentBytes > this.#maxLineBytes) {
      this.#reportTooLong(rest.length);
      rest = new Uint8Array(0);
    }
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = false;
    return rest;
  }

  #hold(chunk: Uint8Array, start: number): void {
    if (this.#skipping || start >= chunk.length) return;
    const piece = chunk.subarray(start);
    // One byte of slack: the held bytes may end in the `\r` of a CRLF, which is not content.
    if (this.#pendingBytes + piece.length > this.#maxLineBytes + 1) {
      this.#reportTooLong(this.#pendingBytes + piece.length);
      this.#pending = [];
      this.#pendingBytes = 0;
      this.#skipping = true;
      return;
    }
    this.#pending.push(new Uint8Array(piece));
    this.#pendingBytes += piece.length;
  }

  #finishLine(tail: Uint8Array): void {
    if (this.#skipping) {
      this.#skipping = false;
      return;
    }
    const total = this.#pendingBytes + tail.length;
    if (
      total > this.#maxLineBytes &&
      (total > this.#maxLineBytes + 1 || this.#lastByte(tail) !== CARRIAGE_RETURN)
    ) {
      this.#reportTooLong(total);
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    let line = this.#takePending(tail);
    if (line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN) line = line.subarray(0, -1);
    this.#onLine(line);
  }

  /** The last byte of the line being finished (held bytes followed by `tail`), or undefined. */
  #lastByte(tail: Uint8Array): number | undefined {
    if (tail.length > 0) return tail[tail.length - 1];
    const held = this.#pending[this.#pending.length - 1];
    return held === undefined ? undefined : held[held.length - 1];
  }

  #takePending(tail: Uint8Array): Uint8Array {
    if (this.#pending.length === 0) return tail;
    const line = new Uint8Array(this.#pendingBytes + tail.length);
    let offset = 0;
    for (const part of this.#pending) {
      line.set(part, offset);
      offset += part.length;
    }
    line.set(tail, offset);
    this.#pending = [];
    this.#pendingBytes = 0;
    return line;
  }

  #reportTooLong(seenBytes: number): void {
    this.#onError?.(
      new ControlProtocolError({
        code: 'LINE_TOO_LONG',
        message: `A line passed the limit of ${this.#maxLineBytes} bytes (at least ${seenBytes} seen); it was skipped. Raise maxLineBytes if such messages are expected.`,
      }),
    );
  }
}
