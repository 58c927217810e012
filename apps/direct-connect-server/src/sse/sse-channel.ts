import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { SseClientEventAccepted, SseClientEventBody } from '@ccsdk/direct-connect';
import type { SessionStore } from '@ccsdk/session-store';
import type { Logger } from '../logger.js';
import { settlesWithin } from '../settles-within.js';
import { type DeliveryChange, DeliveryTracker } from './delivery-tracker.js';
import { SessionEventLog } from './event-log.js';
import type { SseRefusal } from './sse-cursor.js';
import { deliveryUpdateFrame, ephemeralFrame } from './sse-frames.js';
import {
  SSE_END_FLUSH_TIMEOUT_MS,
  SSE_MAX_REPLAY_EVENTS,
  SSE_MAX_STREAMS_PER_SESSION,
  SSE_REMEMBERED_EVENT_IDS,
} from './sse-limits.js';
import { SseStream } from './sse-stream.js';

/** What the SSE channel of a session needs from the session. */
export interface SseChannelHost {
  /** The session's id (the `<session id>` of every cursor). */
  readonly sessionId: string;
  /** The name of the token that created the session: stored with its events. */
  readonly owner: string;
  /** The server's logger. */
  readonly log: Logger;
  /** Bytes one stream's socket may hold unsent before the stream is ended. */
  readonly maxPendingOutputBytes: number;
  /** Writes one line (no newline) to the CLI's stdin. */
  sendToCli(line: Uint8Array): Promise<void>;
  /** Ends the CLI's stdin. */
  endCliInput(): Promise<void>;
  /** True once the session is ending: posts are refused. */
  isEnding(): boolean;
  /** The number of open streams changed (the session is attached while it is above 0). */
  streamsChanged(open: number): void;
}

/** The answer to a POST: the accepted event, or a refusal. */
export type PostOutcome = SseClientEventAccepted | SseRefusal;

/**
 * The SSE side of one hosted session: its event log, its open streams and what clients posted.
 * Every CLI line comes through {@link fromWorker}, in the order a WebSocket client would get it.
 */
export class SessionSseChannel {
  readonly #host: SseChannelHost;
  readonly #log: SessionEventLog;
  readonly #tracker = new DeliveryTracker(SSE_REMEMBERED_EVENT_IDS);
  readonly #streams = new Set<SseStream>();

  constructor(host: SseChannelHost, store: SessionStore) {
    this.#host = host;
    this.#log = new SessionEventLog({ sessionId: host.sessionId, owner: host.owner, store, log: host.log });
  }

  /** Streams open now. */
  get streamCount(): number {
    return this.#streams.size;
  }

  /** True once `session_ended` is in the log. */
  get ended(): boolean {
    return this.#log.ended;
  }

  /**
   * One CLI line: a `stream_event` goes out as `ephemeral`, anything else becomes a durable
   * worker event. A line that is not a JSON object is dropped (`sse.worker_line_dropped`).
   */
  fromWorker(line: Uint8Array): void {
    if (this.#log.ended) return;
    const payload = parseObject(line);
    if (payload === undefined) {
      this.#host.log({
        level: 'warn',
        event: 'sse.worker_line_dropped',
        sessionId: this.#host.sessionId,
        bytes: line.length,
      });
      return;
    }
    this.#deliver(this.#tracker.beforeWorkerLine());
    if (payload['type'] === 'stream_event') {
      this.#log.publish(ephemeralFrame(payload));
      return;
    }
    this.#log.append('worker', randomUUID(), payload);
    if (payload['type'] === 'result') this.#deliver(this.#tracker.afterResult());
  }

  /**
   * Opens a stream after `cursor`: 400 `cursor_ahead` past the last event, 429
   * `too_many_streams` past the cap; otherwise the stream is answered now, replays (from the
   * ring or the store, at most `SSE_MAX_REPLAY_EVENTS`) and goes live without a gap or a repeat.
   */
  openStream(response: ServerResponse, cursor: number): SseRefusal | undefined {
    if (cursor > this.#log.lastSeq) {
      return {
        status: 400,
        code: 'cursor_ahead',
        message: 'The cursor is past the last event of the session.',
      };
    }
    if (this.#streams.size >= SSE_MAX_STREAMS_PER_SESSION) {
      return {
        status: 429,
        code: 'too_many_streams',
        message: `The session has ${SSE_MAX_STREAMS_PER_SESSION} streams open already.`,
      };
    }
    let unsubscribe = (): void => undefined;
    const stream = new SseStream({
      sessionId: this.#host.sessionId,
      response,
      cursor,
      maxPendingBytes: this.#host.maxPendingOutputBytes,
      log: this.#host.log,
      onClose: () => {
        unsubscribe();
        this.#streams.delete(stream);
        this.#host.log({
          level: 'info',
          event: 'sse.stream_closed',
          sessionId: this.#host.sessionId,
          lastSent: stream.lastSent,
        });
        this.#host.streamsChanged(this.#streams.size);
      },
    });
    this.#streams.add(stream);
    this.#host.log({
      level: 'info',
      event: 'sse.stream_opened',
      sessionId: this.#host.sessionId,
      cursor,
      streams: this.#streams.size,
    });
    this.#host.streamsChanged(this.#streams.size);
    // Subscribe before reading the log's end, so whatever comes during the replay is queued.
    unsubscribe = this.#log.subscribe(stream);
    const upTo = this.#log.lastSeq;
    const from = Math.max(cursor, upTo - SSE_MAX_REPLAY_EVENTS);
    void this.#log.replay(from, upTo).then((frames) => stream.replayed(frames));
    return undefined;
  }

  /**
   * Takes one posted event: a repeated `event_id` gets the first answer with `duplicate: true`
   * and nothing else happens. Otherwise the payload is stored as a durable client event (echoed
   * on the streams), `DELIVERY_STATUS_RECEIVED` goes out and the line goes to the CLI;
   * `end_of_input` ends the CLI's input (not echoed). 409 `session_ended` once the log ended.
   */
  async post(body: SseClientEventBody): Promise<PostOutcome> {
    const first = this.#tracker.answerFor(body.event_id);
    if (first !== undefined) return { ...first, duplicate: true };
    if (this.#log.ended || this.#host.isEnding())
      return { status: 409, code: 'session_ended', message: 'The session has ended.' };
    if (body.end_of_input === true || body.payload === undefined) {
      this.#tracker.remember({ event_id: body.event_id });
      this.#host.log({ level: 'debug', event: 'session.end_of_input', sessionId: this.#host.sessionId });
      await this.#host.endCliInput().catch((error: unknown) => this.#warn('end_of_input_failed', error));
      return { event_id: body.event_id };
    }
    const event = this.#log.append('client', body.event_id, body.payload);
    const answer = { event_id: body.event_id, sequence_num: event.sequence_num };
    this.#tracker.remember(answer);
    this.#deliver([{ eventId: body.event_id, status: 'DELIVERY_STATUS_RECEIVED' }]);
    if (body.payload['type'] === 'user') this.#tracker.userSent(body.event_id);
    const line = Buffer.from(JSON.stringify(body.payload), 'utf8');
    await this.#host.sendToCli(line).catch((error: unknown) => this.#warn('client_line_refused', error));
    return answer;
  }

  /**
   * Appends `session_ended` (streams write it and end), then waits, at most
   * `SSE_END_FLUSH_TIMEOUT_MS`, for the log to reach the store. Never rejects.
   */
  async end(code: number, reason: string): Promise<void> {
    this.#log.end(code, reason);
    if (!(await settlesWithin(this.#log.flush(), SSE_END_FLUSH_TIMEOUT_MS))) {
      this.#host.log({ level: 'warn', event: 'sse.store_flush_timeout', sessionId: this.#host.sessionId });
    }
  }

  #deliver(changes: readonly DeliveryChange[]): void {
    for (const change of changes) {
      this.#log.publish(
        deliveryUpdateFrame({
          event_id: change.eventId,
          status: change.status,
          timestamp: new Date().toISOString(),
        }),
      );
    }
  }

  #warn(event: string, error: unknown): void {
    this.#host.log({ level: 'warn', event: `session.${event}`, sessionId: this.#host.sessionId, error });
  }
}

function parseObject(line: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(
      Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8'),
    );
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
