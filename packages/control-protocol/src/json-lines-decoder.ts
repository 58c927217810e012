import { ControlProtocolError } from './errors.js';
import { BAD_LINE_PREVIEW_CHARS } from './limits.js';
import { LineSplitter } from './line-splitter.js';

/** Options of {@link JsonLinesDecoder}. */
export interface JsonLinesDecoderOptions {
  /** Receives each parsed JSON value, in stream order. */
  onValue: (value: unknown) => void;
  /**
   * Receives non-fatal problems: `INVALID_JSON_LINE` (a line that is not JSON, e.g. debug
   * noise), `LINE_TOO_LONG`, and `TRUNCATED_LINE` (an unterminated fragment at `end()` that
   * does not parse). Decoding always goes on.
   */
  onError?: (error: ControlProtocolError) => void;
  /** Largest accepted line in bytes. Default `DEFAULT_MAX_LINE_BYTES` (128 MiB). */
  maxLineBytes?: number;
}

const utf8 = new TextEncoder();

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

  constructor(options: JsonLinesDecoderOptions) {
    this.#onValue = options.onValue;
    this.#onError = options.onError;
    this.#splitter = new LineSplitter({
      onLine: (line) => this.#parseLine(line, 'INVALID_JSON_LINE'),
      ...(options.onError ? { onError: options.onError } : {}),
      ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
    });
  }

  /** Feeds the next chunk; strings are taken as UTF-8 text. */
  write(chunk: Uint8Array | string): void {
    this.#splitter.write(typeof chunk === 'string' ? utf8.encode(chunk) : chunk);
  }

  /**
   * Ends the stream. An unterminated trailing fragment is emitted if it is complete JSON,
   * otherwise reported as `TRUNCATED_LINE`.
   */
  end(): void {
    const rest = this.#splitter.end();
    if (rest.length > 0) this.#parseLine(rest, 'TRUNCATED_LINE');
  }

  #parseLine(bytes: Uint8Array, failureCode: 'INVALID_JSON_LINE' | 'TRUNCATED_LINE'): void {
    const text = this.#text.decode(bytes);
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (cause) {
      this.#onError?.(
        new ControlProtocolError({
          code: failureCode,
          message: `Skipped a line that is not JSON: ${JSON.stringify(text.slice(0, BAD_LINE_PREVIEW_CHARS))}`,
          cause,
        }),
      );
      return;
    }
    this.#onValue(value);
  }
}
