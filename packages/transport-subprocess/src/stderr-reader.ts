import { type ControlProtocolError, LineSplitter } from '@ccsdk/control-protocol';
import { MAX_STDERR_LINE_BYTES } from './limits.js';
import { StderrTail } from './stderr-tail.js';

/** Options of {@link StderrReader}. */
export interface StderrReaderOptions {
  /** Bytes of stderr kept for error messages. */
  tailBytes: number;
  /** Receives each non-blank line without its line break (trailing whitespace trimmed). */
  onLine?: (line: string) => void;
  /** Receives a line too long for `onLine` (`LINE_TOO_LONG`); the bytes still enter the tail. */
  onError?: (error: ControlProtocolError) => void;
}

/**
 * Reads the CLI's stderr: keeps a bounded tail and hands complete lines to a callback (never a
 * chunk cut mid-line, so a callback that redacts secrets sees whole lines). A callback that
 * throws is ignored.
 */
export class StderrReader {
  readonly #tail: StderrTail;
  readonly #splitter: LineSplitter | undefined;
  readonly #decoder = new TextDecoder();

  constructor(options: StderrReaderOptions) {
    this.#tail = new StderrTail(options.tailBytes);
    const { onLine } = options;
    this.#splitter =
      onLine === undefined
        ? undefined
        : new LineSplitter({
            maxLineBytes: MAX_STDERR_LINE_BYTES,
            onLine: (bytes) => this.#deliver(onLine, bytes),
            ...(options.onError ? { onError: options.onError } : {}),
          });
  }

  /** Feeds a chunk of stderr. */
  write(chunk: Uint8Array): void {
    this.#tail.push(chunk);
    this.#splitter?.write(chunk);
  }

  /** Ends the stream: an unterminated last line is delivered too. */
  end(): void {
    const rest = this.#splitter?.end();
    if (rest !== undefined && rest.length > 0 && this.#splitter !== undefined) {
      this.#splitter.write(rest);
      this.#splitter.write(new Uint8Array([0x0a]));
    }
  }

  /** The last bytes of stderr as text. */
  get tail(): string {
    return this.#tail.text;
  }

  #deliver(onLine: (line: string) => void, bytes: Uint8Array): void {
    const line = this.#decoder.decode(bytes).trimEnd();
    if (line === '') return;
    try {
      onLine(line);
    } catch {
      // A failing stderr callback must not disturb the transport.
    }
  }
}
