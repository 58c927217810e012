import type { Transport, TransportCloseInfo } from '@ccsdk/control-protocol';
import { BrowserSdkError } from './browser-error.js';
import type { SSEOptions } from './browser-types.js';
import { type CcrEventEnvelope, SseEventRouter } from './sse-event-router.js';
import { type SseFrame, SseFrameReader } from './sse-frame-reader.js';
import { SSE_MAX_FRAME_CHARS, SSE_MAX_PENDING_ECHOES } from './sse-limits.js';
import { readRefusal } from './sse-refusal.js';
import { retryAfterMs, retryDelayMs, sleep } from './sse-retry.js';

/** Statuses retried as a passing failure (a server restarting, a rate limit) rather than a refusal. */
function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

/** Knobs for tests: faster retries, a smaller frame limit. @internal */
export interface SseTransportTuning {
  /** The wait before retry `attempt`, in ms (default: {@link retryDelayMs}). */
  readonly retryDelayMs?: (attempt: number) => number;
  /** Largest frame in characters (default {@link SSE_MAX_FRAME_CHARS}). */
  readonly maxFrameChars?: number;
}

interface StartWaiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * The browser's transport to a `ccsdk serve` session over resumable SSE (the wire of
 * `@ccsdk/direct-connect`'s `sse-wire`), on the global `fetch`, `ReadableStream`, `TextDecoder`
 * and `crypto.randomUUID` (no `EventSource`, which cannot send headers).
 *
 * Reading: `GET streamUrl` with the caller's headers; the first connect asks for
 * `?from_sequence_num=` when `fromSequenceNum` > 0, every reconnect sends `Last-Event-ID` (the
 * last durable `id:` taken). A network error, or a stream that ends without `session_ended`,
 * reconnects with backoff for as long as the transport is open; a refusal (4xx) fails it with a
 * `BrowserSdkError` carrying the server's code. What the frames mean is {@link SseEventRouter}'s.
 *
 * Writing: each message is one `POST sendUrl` of `{ session_id, event_id, payload }`, one at a
 * time and in order; a network error or 5xx retries the same `event_id` (the server takes an event
 * once), a 4xx rejects that send. `endInput()` posts `end_of_input`.
 */
export class BrowserSseTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (info: TransportCloseInfo) => void;
  readonly #options: SSEOptions;
  readonly #router: SseEventRouter;
  /** Aborts everything (stream, retries, posts) once the transport is finished. */
  readonly #lifetime = new AbortController();
  /** Aborts the current stream request; replaced on each (re)connect. */
  #stream: AbortController | undefined;
  /** Bumped by every suspend and resume: a read loop of an older generation stops at once. */
  #generation = 0;
  #started = false;
  #connectedOnce = false;
  #suspended = false;
  #closed = false;
  /** True once the transport finished without an error (the session ended, or `close()`). */
  #closedCleanly = false;
  #inputEnded = false;
  #startWaiter: StartWaiter | undefined;
  #sends: Promise<unknown> = Promise.resolve();

  readonly #retryDelayMs: (attempt: number) => number;
  readonly #maxFrameChars: number;

  constructor(options: SSEOptions, tuning: SseTransportTuning = {}) {
    this.#options = options;
    this.#retryDelayMs = tuning.retryDelayMs ?? retryDelayMs;
    this.#maxFrameChars = tuning.maxFrameChars ?? SSE_MAX_FRAME_CHARS;
    this.#router = new SseEventRouter({
      sessionId: options.sessionId,
      fromSequenceNum: options.fromSequenceNum ?? 0,
      maxPendingEchoes: SSE_MAX_PENDING_ECHOES,
      ...(options.onCatchUpTruncated !== undefined ? { onCatchUpTruncated: options.onCatchUpTruncated } : {}),
      ...(options.onDeliveryUpdate !== undefined ? { onDeliveryUpdate: options.onDeliveryUpdate } : {}),
      deliver: (message) => this.onmessage?.(message),
      warn: (error) => this.onerror?.(error),
      ended: (error) => this.#finish(error),
    });
  }

  /** True once the transport finished (closed, refused or the session ended). */
  get closed(): boolean {
    return this.#closed;
  }

  /** True while `suspend()` holds the stream closed. */
  get suspended(): boolean {
    return this.#suspended;
  }

  /** Cumulative dropped-frame counts by category. */
  dropCounts(): Readonly<Record<string, number>> {
    return this.#router.dropCounts();
  }

  /** The envelope of the durable event that delivered `message` (by identity). */
  envelopeOf(message: unknown): CcrEventEnvelope | undefined {
    return this.#router.envelopeOf(message);
  }

  /** The consumer is about to be handed `message`: the yielded cursor moves up to its event. */
  noteYielded(message: unknown): void {
    this.#router.noteYielded(message);
  }

  /** The highest `sequence_num` yielded (or the `fromSequenceNum` seed); `undefined` when none. */
  lastYieldedSequenceNum(): number | undefined {
    return this.#router.lastYieldedSequenceNum();
  }

  start(): Promise<void> {
    if (this.#started) return Promise.reject(new Error('BrowserSseTransport.start() was already called.'));
    this.#started = true;
    const g = globalThis as { fetch?: unknown; TextDecoder?: unknown; crypto?: { randomUUID?: unknown } };
    if (typeof g.fetch !== 'function' || typeof g.TextDecoder !== 'function') {
      return Promise.reject(
        new BrowserSdkError('NO_FETCH', 'This runtime has no global fetch or TextDecoder.'),
      );
    }
    if (typeof g.crypto?.randomUUID !== 'function') {
      return Promise.reject(new BrowserSdkError('NO_FETCH', 'This runtime has no crypto.randomUUID().'));
    }
    return new Promise((resolve, reject) => {
      this.#startWaiter = { resolve, reject };
      void this.#readLoop(this.#generation);
    });
  }

  send(message: unknown): Promise<void> {
    const refused = this.#sendRefusal();
    if (refused !== undefined) return Promise.reject(refused);
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      return Promise.reject(new TypeError('The SSE transport sends JSON objects only.'));
    }
    const eventId = globalThis.crypto.randomUUID();
    this.#router.expectEcho(eventId);
    // The stream reopens on the query's next send, as `suspendSseStream()` says.
    if (this.#suspended) this.resume();
    const sent = this.#enqueue({ session_id: this.#options.sessionId, event_id: eventId, payload: message });
    sent.catch(() => this.#router.forgetEcho(eventId));
    return sent;
  }

  endInput(): Promise<void> {
    if (this.#inputEnded || this.#closed) return Promise.resolve();
    this.#inputEnded = true;
    // A send reopens a suspended stream: what the CLI answers to the end of input must arrive.
    if (this.#suspended) this.resume();
    const posted = this.#enqueue({
      session_id: this.#options.sessionId,
      event_id: globalThis.crypto.randomUUID(),
      end_of_input: true,
    });
    return posted.catch((error: unknown) => {
      // The session ended (or was closed) while the end of input was on its way: input is over
      // either way. A server that ends the session on `end_of_input` may do so before its answer
      // to the POST arrives.
      if (this.#closedCleanly) return;
      throw error;
    });
  }

  close(): Promise<void> {
    this.#finish(undefined);
    return Promise.resolve();
  }

  /** Closes the stream, keeping the query; false when closed or already suspended. */
  suspend(): boolean {
    if (this.#closed || this.#suspended) return false;
    this.#suspended = true;
    this.#generation += 1;
    this.#stream?.abort();
    return true;
  }

  /** Reopens a suspended stream after the last event taken; false unless suspended and open. */
  resume(): boolean {
    if (this.#closed || !this.#suspended) return false;
    this.#suspended = false;
    this.#generation += 1;
    void this.#readLoop(this.#generation);
    return true;
  }

  #sendRefusal(): BrowserSdkError | undefined {
    if (this.#closed) return new BrowserSdkError('SSE_CLOSED', 'The SSE transport is closed.');
    if (this.#inputEnded) {
      return new BrowserSdkError('SSE_CLOSED', 'endInput() was called; no more messages can be sent.');
    }
    return undefined;
  }

  #enqueue(body: Record<string, unknown>): Promise<void> {
    const posted = this.#sends.then(() => this.#post(JSON.stringify(body)));
    this.#sends = posted.catch(() => undefined);
    return posted;
  }

  async #post(body: string): Promise<void> {
    const signal = this.#lifetime.signal;
    for (let attempt = 0; ; attempt += 1) {
      if (this.#closed) throw new BrowserSdkError('SSE_CLOSED', 'The SSE transport closed before the send.');
      let response: Response;
      try {
        response = await fetch(this.#options.sendUrl, {
          method: 'POST',
          headers: { ...this.#options.headers, 'content-type': 'application/json' },
          body,
          credentials: 'omit',
          signal,
        });
      } catch (cause) {
        if (this.#closed) {
          throw new BrowserSdkError('SSE_CLOSED', 'The SSE transport closed before the send.', { cause });
        }
        await sleep(this.#retryDelayMs(attempt), signal);
        continue;
      }
      if (response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      if (!isRetryableStatus(response.status)) throw await readRefusal(response, 'SSE_SEND_REFUSED', 'send');
      await response.body?.cancel().catch(() => undefined);
      await sleep(this.#waitAfter(response, attempt), signal);
    }
  }

  /** Connects, reads and reconnects until the transport finishes or this generation is over. */
  async #readLoop(generation: number): Promise<void> {
    const current = (): boolean => !this.#closed && this.#generation === generation;
    for (let attempt = 0; current(); ) {
      const stream = new AbortController();
      this.#stream = stream;
      let response: Response;
      try {
        response = await fetch(this.#streamRequestUrl(), {
          headers: this.#streamHeaders(),
          credentials: 'omit',
          signal: stream.signal,
        });
      } catch (cause) {
        if (!current()) return;
        if (!this.#connectedOnce) {
          // A first connect that cannot reach the server (a wrong URL, a CORS refusal, which a
          // browser reports as a network error) fails at once instead of retrying out of sight.
          this.#finish(
            new BrowserSdkError('SSE_FAILED', `The event stream could not be opened: ${String(cause)}`, {
              cause,
            }),
          );
          return;
        }
        await sleep(this.#retryDelayMs(attempt++), this.#lifetime.signal);
        continue;
      }
      if (!current()) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      if (!response.ok || response.body === null) {
        if (response.ok || isRetryableStatus(response.status)) {
          await response.body?.cancel().catch(() => undefined);
          await sleep(this.#waitAfter(response, attempt++), this.#lifetime.signal);
          continue;
        }
        this.#finish(await readRefusal(response, 'SSE_REFUSED', 'event stream'));
        return;
      }
      this.#connectedOnce = true;
      this.#startWaiter?.resolve();
      this.#startWaiter = undefined;
      const gotFrames = await this.#read(response.body, current, stream);
      if (gotFrames) attempt = 0;
      if (!current()) return;
      await sleep(this.#retryDelayMs(attempt++), this.#lifetime.signal);
    }
  }

  /** Reads one response to its end; true when at least one frame came. Never rejects. */
  async #read(
    body: ReadableStream<Uint8Array>,
    current: () => boolean,
    stream: AbortController,
  ): Promise<boolean> {
    let gotFrames = false;
    const frames = new SseFrameReader({
      maxFrameChars: this.#maxFrameChars,
      onFrame: (frame: SseFrame) => {
        // A frame read after a suspend is left for the replay that follows the resume.
        if (!current()) return;
        gotFrames = true;
        this.#router.route(frame);
      },
      onOversized: () => {
        gotFrames = true;
        this.#router.count('oversized_frame');
      },
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !current()) break;
        frames.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A cut connection: the read loop reconnects.
    } finally {
      reader.releaseLock();
    }
    frames.end();
    stream.abort();
    return gotFrames;
  }

  /** The wait before the next attempt after a retryable answer: the backoff, or its `Retry-After`. */
  #waitAfter(response: Response, attempt: number): number {
    return Math.max(this.#retryDelayMs(attempt), retryAfterMs(response.headers.get('retry-after')));
  }

  #streamRequestUrl(): string {
    const from = this.#options.fromSequenceNum ?? 0;
    if (this.#router.lastEventId !== undefined || !(from > 0)) return this.#options.streamUrl;
    const separator = this.#options.streamUrl.includes('?') ? '&' : '?';
    return `${this.#options.streamUrl}${separator}from_sequence_num=${encodeURIComponent(String(from))}`;
  }

  #streamHeaders(): Record<string, string> {
    const headers: Record<string, string> = { ...this.#options.headers, accept: 'text/event-stream' };
    const lastEventId = this.#router.lastEventId;
    if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
    return headers;
  }

  #finish(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#closedCleanly = error === undefined;
    this.#lifetime.abort();
    this.#stream?.abort();
    const waiter = this.#startWaiter;
    this.#startWaiter = undefined;
    waiter?.reject(
      error ?? new BrowserSdkError('SSE_CLOSED', 'The SSE transport closed before it connected.'),
    );
    this.onclose?.(error === undefined ? {} : { error });
  }
}
