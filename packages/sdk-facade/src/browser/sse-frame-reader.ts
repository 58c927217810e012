/** One dispatched SSE frame: its `event` name (`message` when none), joined `data`, and `id`. */
export interface SseFrame {
  /** The `event:` field, or `message` when the frame had none. */
  readonly event: string;
  /** The `data:` lines, joined with `\n`. */
  readonly data: string;
  /** The frame's own `id:` field, if it had one. */
  readonly id: string | undefined;
}

/** What {@link SseFrameReader} reports to. */
export interface SseFrameReaderOptions {
  /** Largest frame in characters; a larger one is dropped whole. */
  readonly maxFrameChars: number;
  /** Receives each complete frame that carried data. */
  onFrame(frame: SseFrame): void;
  /** Called once for each frame dropped for its size. */
  onOversized(): void;
}

const LF = 10;
const CR = 13;

/**
 * Parses the `text/event-stream` format from decoded text chunks split anywhere: lines end in
 * CRLF, LF or CR (a CRLF split across two chunks included); `event`, `data` (several lines
 * joined), `id` (ignored when it holds a NUL, as the format says) and comment lines; a blank line
 * dispatches. A frame past `maxFrameChars` is dropped whole (nothing of it is kept) and reported;
 * reading goes on at the next frame.
 */
export class SseFrameReader {
  readonly #options: SseFrameReaderOptions;
  readonly #lineBreak = /[\r\n]/g;
  #line = '';
  #lineHasChars = false;
  #afterCr = false;
  #event = '';
  #data: string[] = [];
  #id: string | undefined;
  /** Characters kept for the frame so far, the current line excluded. */
  #frameChars = 0;
  #oversized = false;

  constructor(options: SseFrameReaderOptions) {
    this.#options = options;
  }

  /** Reads one chunk of decoded text. */
  push(chunk: string): void {
    let position = 0;
    if (this.#afterCr && chunk.length > 0) {
      this.#afterCr = false;
      if (chunk.charCodeAt(0) === LF) position = 1;
    }
    this.#lineBreak.lastIndex = position;
    for (;;) {
      const found = this.#lineBreak.exec(chunk);
      if (found === null) {
        this.#append(chunk, position, chunk.length);
        return;
      }
      const end = found.index;
      this.#append(chunk, position, end);
      this.#endLine();
      if (chunk.charCodeAt(end) === CR) {
        if (end + 1 === chunk.length) this.#afterCr = true;
        else if (chunk.charCodeAt(end + 1) === LF) this.#lineBreak.lastIndex = end + 2;
      }
      position = this.#lineBreak.lastIndex;
    }
  }

  /** The stream ended: a frame not closed by a blank line is discarded, as the format says. */
  end(): void {
    this.#line = '';
    this.#lineHasChars = false;
    this.#afterCr = false;
    this.#resetFrame();
  }

  #append(chunk: string, from: number, to: number): void {
    if (to <= from) return;
    this.#lineHasChars = true;
    if (this.#oversized) return;
    if (this.#frameChars + this.#line.length + (to - from) > this.#options.maxFrameChars) {
      this.#oversized = true;
      this.#line = '';
      this.#data = [];
      return;
    }
    this.#line += chunk.slice(from, to);
  }

  #endLine(): void {
    const line = this.#line;
    const blank = !this.#lineHasChars;
    this.#line = '';
    this.#lineHasChars = false;
    if (blank) {
      this.#dispatch();
      return;
    }
    if (this.#oversized || line.charCodeAt(0) === 58 /* ':' comment */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') {
      this.#data.push(value);
      this.#frameChars += value.length + 1;
    } else if (field === 'event') {
      this.#frameChars += value.length - this.#event.length;
      this.#event = value;
    } else if (field === 'id' && !value.includes('\0')) {
      this.#frameChars += value.length - (this.#id?.length ?? 0);
      this.#id = value;
    }
  }

  #dispatch(): void {
    const oversized = this.#oversized;
    const frame: SseFrame | undefined =
      oversized || this.#data.length === 0
        ? undefined
        : { event: this.#event === '' ? 'message' : this.#event, data: this.#data.join('\n'), id: this.#id };
    this.#resetFrame();
    if (oversized) this.#options.onOversized();
    else if (frame !== undefined) this.#options.onFrame(frame);
  }

  #resetFrame(): void {
    this.#event = '';
    this.#data = [];
    this.#id = undefined;
    this.#frameChars = 0;
    this.#oversized = false;
  }
}
