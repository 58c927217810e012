import { type ControlProtocolError, LineSplitter } from '@ccsdk/control-protocol';
import { MAX_STDERR_LINE_BYTES } from './limits.js';
import { StderrTail } from './stderr-tail.js';

/** Options of {@link StderrReader}. */
export interface StderrReaderOptions {
  /** Bytes of stderr kept for error messages. */
  tailBytes: number;
  /**
   * Receives stderr as text, one whole line per call with its `\n` (a `\r\n` becomes `\n`), and a
   * last piece the CLI did not end with a line break without one: the calls joined are the text.
   */
  onText?: (text: string) => void;
  /** Receives a line too long for `onText` (`LINE_TOO_LONG`); the bytes still enter the tail. */
  onError?: (error: ControlProtocolError) => void;
}

/**
 * Reads the CLI's stderr: keeps a bounded tail and hands the text to a callback in whole lines
 * (the official SDK hands it the chunks as they come; joined, both are the same text, but here no
 * call ends mid-line or mid-character, so a callback that redacts secrets sees whole lines). A
 * callback that throws is ignored.
 */
export class StderrReader {
  readonly #tail: StderrTail;
  readonly #splitter: LineSplitter | undefined;
  readonly #decoder = new TextDecoder();
  readonly #onText: ((text: string) => void) | undefined;

  constructor(options: StderrReaderOptions) {
    this.#tail = new StderrTail(options.tailBytes);
    const { onText } = options;
    this.#onText = onText;
    this.#splitter =
      onText === undefined
        ? undefined
        : new LineSplitter({
            maxLineBytes: MAX_STDERR_LINE_BYTES,
            onLine: (bytes) => this.#deliver(`${this.#decoder.decode(bytes)}\n`),
            ...(options.onError ? { onError: options.onError } : {}),
          });
  }

  /** Feeds a chunk of stderr. */
  write(chunk: Uint8Array): void {
    this.#tail.push(chunk);
    this.#splitter?.write(chunk);
  }

  /** Ends the stream: an unterminated last piece is delivered too, without a line break. */
  end(): void {
    const rest = this.#splitter?.end();
    if (rest !== undefined && rest.length > 0) this.#deliver(this.#decoder.decode(rest));
  }

  /** The last bytes of stderr as text. */
  get tail(): string {
    return this.#tail.text;
  }

  #deliver(text: string): void {
    try {
      this.#onText?.(text);
    } catch {
      // A failing stderr callback must not disturb the transport.
    }
  }
}
