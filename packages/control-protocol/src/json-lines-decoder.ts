import { ControlProtocolError } from './errors.js';
import { BAD_LINE_PREVIEW_CHARS } from './limits.js';
import { LineSplitter } from './line-splitter.js';

/** Options of {@link JsonLinesDecoder}. */
export interface JsonLinesDecoderOptions {
  /** Receives each parsed JSON value, in stream order. */
  onValue: (value: unknown) => void;
  /**
   * Receives non-fatal problems: `INVALID_JSON_LINE` (a line that is not JSON, e.g. debug
   * noise), `LINE_TOO_LONG`, `TRUNCATED_LINE` (an unterminated fragment at `end()` that
   * does not parse) and `HANDLER_FAILED` (`onValue` threw). Decoding always goes on.
   */
  onError?: (error: ControlProtocolError) => void;
  /** Largest accepted line in bytes. Default `DEFAULT_MAX_LINE_BYTES` (128 MiB). */
  maxLineBytes?: number;
}

const utf8 = new TextEncoder();
const HIGH_SURROGATE_FIRST = 0xd800;
const HIGH_SURROGATE_LAST = 0xdbff;

/**
 * Decodes newline-delimited JSON from a byte stream: the one decoder behind the subprocess
 * transport, the Direct Connect transport and the transcript readers.
 *
 * Blank lines are ignored; invalid UTF-8 becomes U+FFFD; a trailing `\r` is dropped.
 */
export class JsonLinesDecoder {
  readonly #splitter: LineSplitter;
  readonly #text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: false });
  readonly #onValue: (value: unknown) => void;
  readonly #onError: ((error: ControlProtocolError) => void) | undefined;
  #highSurrogate = '';

  constructor(options: JsonLinesDecoderOptions) {
    if (typeof options?.onValue !== 'function') {
      throw new TypeError(`onValue must be a function, got ${String(options?.onValue)}`);
    }
    this.#onValue = options.onValue;
    this.#onError = options.onError;
    this.#splitter = new LineSplitter({
      onLine: (line) => this.#parseLine(line, 'INVALID_JSON_LINE'),
      ...(options.onError ? { onError: options.onError } : {}),
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    });
  }

  /**
   * Feeds the next chunk; strings are taken as text and encoded as UTF-8. A surrogate pair
   * split across two string chunks is kept whole.
   */
  write(chunk: Uint8Array | string): void {
    if (typeof chunk !== 'string') {
      this.#flushHighSurrogate();
      this.#splitter.write(chunk);
      return;
    }
    let text = this.#highSurrogate + chunk;
    this.#highSurrogate = '';
    const last = text.charCodeAt(text.length - 1);
    if (last >= HIGH_SURROGATE_FIRST && last <= HIGH_SURROGATE_LAST) {
      this.#highSurrogate = text.slice(-1);
      text = text.slice(0, -1);
    }
    this.#splitter.write(utf8.encode(text));
  }

  /**
   * Ends the stream. An unterminated trailing fragment is emitted if it is complete JSON,
   * otherwise reported as `TRUNCATED_LINE`.
   */
  end(): void {
    this.#flushHighSurrogate();
    const rest = this.#splitter.end();
    if (rest.length > 0) this.#parseLine(rest, 'TRUNCATED_LINE');
  }

  /** A lone high surrogate left from a string chunk becomes U+FFFD when bytes or the end follow. */
  #flushHighSurrogate(): void {
    if (this.#highSurrogate === '') return;
    this.#splitter.write(utf8.encode(this.#highSurrogate));
    this.#highSurrogate = '';
  }

  #parseLine(bytes: Uint8Array, failureCode: 'INVALID_JSON_LINE' | 'TRUNCATED_LINE'): void {
    const text = this.#text.decode(bytes);
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (cause) {
      const preview = JSON.stringify(text.slice(0, BAD_LINE_PREVIEW_CHARS));
      this.#onError?.(
        new ControlProtocolError({
          code: failureCode,
          message:
            failureCode === 'TRUNCATED_LINE'
              ? `The stream ended inside an incomplete line; it was skipped: ${preview}`
              : `Skipped a line that is not JSON: ${preview}`,
          cause,
        }),
      );
      return;
    }
    try {
      this.#onValue(value);
    } catch (cause) {
      this.#onError?.(
        new ControlProtocolError({
          code: 'HANDLER_FAILED',
          message: `onValue threw; decoding goes on with the next line: ${cause instanceof Error ? cause.message : String(cause)}`,
          cause,
        }),
      );
    }
  }
}
