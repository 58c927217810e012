import type { ServerResponse } from 'node:http';
import { SSE_KEEPALIVE_INTERVAL_MS } from '@ccsdk/direct-connect';
import type { Logger } from '../logger.js';
import type { LogSubscriber } from './event-log.js';
import { catchUpTruncatedFrame, type LogFrame, SSE_KEEPALIVE_COMMENT } from './sse-frames.js';

/** The headers of an event stream. */
export const SSE_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

/** What one stream is opened with. */
export interface SseStreamInit {
  /** The session's id, for the log. */
  readonly sessionId: string;
  /** The answer the stream writes to; its headers are written at once. */
  readonly response: ServerResponse;
  /** The client's cursor: durable frames up to it are not sent. */
  readonly cursor: number;
  /** Bytes the socket may hold unsent; past it the stream is ended (the client resumes). */
  readonly maxPendingBytes: number;
  /** The server's logger (`sse.stream_overflow`). */
  readonly log: Logger;
  /** Called once when the stream is over, whoever ended it. */
  readonly onClose: () => void;
  /** Keep-alive period, in ms. Default `SSE_KEEPALIVE_INTERVAL_MS`. */
  readonly keepAliveMs?: number;
}

/**
 * One open `text/event-stream` answer. It starts in replay: live frames offered meanwhile wait
 * until {@link replayed} has written the replay, then go out. Durable frames go out once each,
 * by rising `sequence_num` (one at or below the last sent is skipped); a gap is announced with
 * `catch_up_truncated`. After `session_ended` the answer ends.
 *
 * The replay waits for the socket to drain whenever more than `maxPendingBytes` are unsent. A
 * live frame that finds more than that unsent, or frames waiting past that size during the
 * replay, mean the reader does not keep up: the socket is destroyed (`sse.stream_overflow`),
 * the client reconnects with its cursor, and the session goes on.
 */
export class SseStream implements LogSubscriber {
  readonly #init: SseStreamInit;
  readonly #response: ServerResponse;
  readonly #keepAlive: NodeJS.Timeout;
  #queue: LogFrame[] | undefined = [];
  #queuedBytes = 0;
  #lastSent: number;
  #closed = false;

  constructor(init: SseStreamInit) {
    this.#init = init;
    this.#response = init.response;
    this.#lastSent = init.cursor;
    this.#response.writeHead(200, SSE_RESPONSE_HEADERS);
    this.#response.flushHeaders();
    // Unsent bytes mean the connection is busy, not idle: no comment then (nor an overflow for it).
    this.#keepAlive = setInterval(() => {
      if (this.#response.writableLength === 0) this.#write(SSE_KEEPALIVE_COMMENT);
    }, init.keepAliveMs ?? SSE_KEEPALIVE_INTERVAL_MS);
    this.#keepAlive.unref();
    this.#response.on('close', () => this.#onClose());
  }

  /** True once the answer ended or its socket closed. */
  get closed(): boolean {
    return this.#closed;
  }

  /** The `sequence_num` of the last durable frame written (the cursor at first). */
  get lastSent(): number {
    return this.#lastSent;
  }

  /** A frame from the log: queued while the replay is written, written after. */
  offer(frame: LogFrame): void {
    if (this.#queue === undefined) {
      this.#send(frame);
      return;
    }
    this.#queue.push(frame);
    this.#queuedBytes += frame.text.length;
    if (this.#queuedBytes > this.#init.maxPendingBytes) this.#overflow(this.#queuedBytes);
  }

  /**
   * Writes the replayed frames, then what was offered meanwhile, waiting for the socket to drain
   * as needed; from then on frames go straight out. Resolves when done or closed.
   */
  async replayed(frames: readonly LogFrame[]): Promise<void> {
    for (const frame of frames) {
      if (!(await this.#drained())) return;
      this.#send(frame);
    }
    for (;;) {
      if (!(await this.#drained())) return;
      const frame = this.#queue?.shift();
      if (frame === undefined) break;
      this.#queuedBytes -= frame.text.length;
      this.#send(frame);
    }
    this.#queue = undefined;
  }

  /** Resolves `true` once at most `maxPendingBytes` are unsent, `false` if the stream closed. */
  async #drained(): Promise<boolean> {
    while (!this.#closed && this.#response.writableLength > this.#init.maxPendingBytes) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.#response.off('drain', done);
          this.#response.off('close', done);
          resolve();
        };
        this.#response.on('drain', done);
        this.#response.on('close', done);
      });
    }
    return !this.#closed;
  }

  /** Ends the answer in order. */
  end(): void {
    if (this.#closed) return;
    this.#response.end();
    this.#onClose();
  }

  #send(frame: LogFrame): void {
    if (this.#closed) return;
    if (frame.seq !== undefined) {
      if (frame.seq <= this.#lastSent) return;
      if (frame.seq > this.#lastSent + 1) {
        this.#write(
          catchUpTruncatedFrame({
            requested_sequence_num: this.#init.cursor,
            resumed_after_sequence_num: frame.seq - 1,
          }).text,
        );
      }
      this.#lastSent = frame.seq;
    }
    this.#write(frame.text);
    if (frame.ends) this.end();
  }

  #write(text: string): void {
    if (this.#closed) return;
    const pending = this.#response.writableLength;
    if (pending > this.#init.maxPendingBytes) {
      this.#overflow(pending);
      return;
    }
    this.#response.write(text);
  }

  #overflow(bytes: number): void {
    this.#init.log({ level: 'warn', event: 'sse.stream_overflow', sessionId: this.#init.sessionId, bytes });
    this.#response.destroy();
    this.#onClose();
  }

  #onClose(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#queue = undefined;
    clearInterval(this.#keepAlive);
    this.#init.onClose();
  }
}
