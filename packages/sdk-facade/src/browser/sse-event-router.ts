import type {
  SSE_CATCH_UP_TRUNCATED,
  SSE_CLIENT_EVENT,
  SSE_DELIVERY_UPDATE,
  SSE_EPHEMERAL_EVENT,
  SSE_SESSION_ENDED,
} from '@ccsdk/direct-connect';
import { BrowserSdkError } from './browser-error.js';
import type { SSEOptions } from './browser-types.js';
import type { SseFrame } from './sse-frame-reader.js';

// The frame names of the wire contract, typed against it (a type import: no Node code comes along).
const CLIENT_EVENT: typeof SSE_CLIENT_EVENT = 'client_event';
const EPHEMERAL: typeof SSE_EPHEMERAL_EVENT = 'ephemeral';
const DELIVERY_UPDATE: typeof SSE_DELIVERY_UPDATE = 'delivery_update';
const CATCH_UP_TRUNCATED: typeof SSE_CATCH_UP_TRUNCATED = 'catch_up_truncated';
const SESSION_ENDED: typeof SSE_SESSION_ENDED = 'session_ended';

/** The close code of a session that ended in order. */
const NORMAL_END = 1000;

/** Message types a client posts for the CLI's own control channel: never meant for another client. */
const CONTROL_TYPES: ReadonlySet<unknown> = new Set([
  'control_request',
  'control_response',
  'control_cancel_request',
]);

/** What `getCcrEvent()` returns: the envelope of the durable event that delivered a message. */
export interface CcrEventEnvelope {
  /** Unique per event. */
  readonly event_id: string;
  /** The session-wide order the server assigned. */
  readonly sequence_num: number;
  /** When the server stored it (RFC 3339), when the frame carries it. */
  readonly created_at?: string;
  /** When the worker started on it, when the frame carries it. */
  readonly processing_at?: string;
  /** The server-assigned channel (`worker`, `client`). */
  readonly source?: string;
}

/** What {@link SseEventRouter} is built with. */
export interface SseEventRouterOptions extends Pick<SSEOptions, 'onCatchUpTruncated' | 'onDeliveryUpdate'> {
  /** The session's id, for a cursor built from a frame without an `id:`. */
  readonly sessionId: string;
  /** The resume cursor of the first connect (0: from the start). */
  readonly fromSequenceNum: number;
  /** Most own event ids remembered while their echo is due. */
  readonly maxPendingEchoes: number;
  /** Hands one message to the engine. */
  deliver(message: Record<string, unknown>): void;
  /** Reports a contained problem (a callback that threw). */
  warn(error: Error): void;
  /** The session ended: `error` unless it ended in order. */
  ended(error: Error | undefined): void;
}

/**
 * What the frames of the SSE wire mean, apart from reading them: the internal wire cursor
 * (`sequence_num` of the last durable event taken; a frame at or below it is a `duplicate`), the
 * echo of this query's own posts (consumed), what peers posted (their control frames and `user`
 * frames are dropped, see `G4_TEXT_ENVELOPE_ARM_PORTED`), the `ccr_event` claims stripped from
 * payloads, the envelope of each durable message kept by identity, delivery updates, catch-up
 * gaps and the session's end. Every malformed frame is counted and skipped; nothing throws.
 */
export class SseEventRouter {
  readonly #options: SseEventRouterOptions;
  readonly #drops: Record<string, number> = {};
  readonly #envelopes = new WeakMap<object, CcrEventEnvelope>();
  /** Event ids this query posted whose echo has not come back, oldest first. */
  readonly #ownEvents = new Set<string>();
  #wireCursor: number;
  #lastEventId: string | undefined;
  #lastYielded: number | undefined;

  constructor(options: SseEventRouterOptions) {
    this.#options = options;
    this.#wireCursor = Math.max(options.fromSequenceNum, 0);
    this.#lastYielded = options.fromSequenceNum > 0 ? options.fromSequenceNum : undefined;
  }

  /** The `id:` of the last durable event taken: the `Last-Event-ID` of a reconnect. */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  /** The internal wire cursor: the highest `sequence_num` taken off the wire. */
  get wireCursor(): number {
    return this.#wireCursor;
  }

  /** A copy of the drop counts by category. */
  dropCounts(): Readonly<Record<string, number>> {
    return Object.freeze({ ...this.#drops });
  }

  /** Counts one dropped frame of `category`. */
  count(category: string): void {
    this.#drops[category] = (this.#drops[category] ?? 0) + 1;
  }

  /** Remembers an event id this query is posting: its echo is consumed, not delivered. */
  expectEcho(eventId: string): void {
    this.#ownEvents.add(eventId);
    if (this.#ownEvents.size > this.#options.maxPendingEchoes) {
      const oldest = this.#ownEvents.values().next().value;
      if (oldest !== undefined) this.#ownEvents.delete(oldest);
    }
  }

  /** Forgets an event id whose post failed (no echo will come). */
  forgetEcho(eventId: string): void {
    this.#ownEvents.delete(eventId);
  }

  /** The envelope recorded for exactly this message object. */
  envelopeOf(message: unknown): CcrEventEnvelope | undefined {
    return typeof message === 'object' && message !== null ? this.#envelopes.get(message) : undefined;
  }

  /** Moves the yielded cursor up to `message`'s event, if it came from one. */
  noteYielded(message: unknown): void {
    const envelope = this.envelopeOf(message);
    if (envelope !== undefined && !(envelope.sequence_num <= (this.#lastYielded ?? 0))) {
      this.#lastYielded = envelope.sequence_num;
    }
  }

  /** The highest `sequence_num` yielded, or the `fromSequenceNum` seed; `undefined` when neither. */
  lastYieldedSequenceNum(): number | undefined {
    return this.#lastYielded;
  }

  /** Takes one frame off the stream. */
  route(frame: SseFrame): void {
    let data: unknown;
    try {
      data = JSON.parse(frame.data);
    } catch {
      this.count('malformed_json');
      return;
    }
    switch (frame.event) {
      case CLIENT_EVENT:
        this.#durable(data, frame.id);
        return;
      case EPHEMERAL:
        this.#ephemeral(data);
        return;
      case DELIVERY_UPDATE:
        this.#deliveryUpdate(data);
        return;
      case CATCH_UP_TRUNCATED:
        this.#catchUpTruncated(data);
        return;
      case SESSION_ENDED:
        this.#sessionEnded(data);
        return;
      default:
        this.count('unknown_event');
    }
  }

  #durable(data: unknown, id: string | undefined): void {
    if (!isRecord(data)) {
      this.count('malformed_event');
      return;
    }
    const { event_id: eventId, sequence_num: sequenceNum, payload, source } = data;
    if (
      typeof eventId !== 'string' ||
      !Number.isSafeInteger(sequenceNum) ||
      (sequenceNum as number) < 1 ||
      !isRecord(payload)
    ) {
      this.count('malformed_event');
      return;
    }
    const sequence = sequenceNum as number;
    if (sequence <= this.#wireCursor) {
      this.count('duplicate');
      return;
    }
    this.#wireCursor = sequence;
    this.#lastEventId = id ?? `${this.#options.sessionId}:${sequence}`;
    if (source === 'client') {
      if (this.#ownEvents.delete(eventId)) return;
      if (payload['type'] === 'user') {
        this.count('peer_user_frame');
        return;
      }
      if (CONTROL_TYPES.has(payload['type'])) {
        this.count('peer_control_frame');
        return;
      }
    }
    delete payload['ccr_event'];
    this.#envelopes.set(payload, envelopeOf(data, eventId, sequence));
    this.#options.deliver(payload);
  }

  #ephemeral(data: unknown): void {
    const payload = isRecord(data) ? data['payload'] : undefined;
    if (!isRecord(payload)) {
      this.count('malformed_event');
      return;
    }
    delete payload['ccr_event'];
    this.#options.deliver(payload);
  }

  #deliveryUpdate(data: unknown): void {
    if (
      !isRecord(data) ||
      typeof data['event_id'] !== 'string' ||
      typeof data['status'] !== 'string' ||
      (data['timestamp'] !== undefined && typeof data['timestamp'] !== 'string')
    ) {
      this.count('malformed_delivery_update');
      return;
    }
    const update = {
      event_id: data['event_id'],
      status: data['status'],
      ...(typeof data['timestamp'] === 'string' ? { timestamp: data['timestamp'] } : {}),
    };
    this.#contain('onDeliveryUpdate', () => this.#options.onDeliveryUpdate?.(update));
  }

  #catchUpTruncated(data: unknown): void {
    this.count('catch_up_truncated');
    const resumedAfter = isRecord(data) ? data['resumed_after_sequence_num'] : undefined;
    if (Number.isSafeInteger(resumedAfter) && (resumedAfter as number) > this.#wireCursor) {
      // The stream goes on after that point; a reconnect must not ask for the gap again.
      this.#wireCursor = resumedAfter as number;
      this.#lastEventId = `${this.#options.sessionId}:${this.#wireCursor}`;
    }
    this.#contain('onCatchUpTruncated', () => this.#options.onCatchUpTruncated?.());
  }

  #sessionEnded(data: unknown): void {
    const code = isRecord(data) && typeof data['code'] === 'number' ? data['code'] : undefined;
    const reason = isRecord(data) && typeof data['reason'] === 'string' ? data['reason'] : '';
    if (code === NORMAL_END) {
      this.#options.ended(undefined);
      return;
    }
    this.#options.ended(
      new BrowserSdkError(
        'SSE_SESSION_ENDED',
        `The session ended with code ${String(code)}${reason ? `: ${reason}` : ''}.`,
        code === undefined ? {} : { closeCode: code },
      ),
    );
  }

  #contain(name: string, callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.#options.warn(new Error(`${name} threw: ${String(error)}`, { cause: error }));
    }
  }
}

function envelopeOf(data: Record<string, unknown>, eventId: string, sequence: number): CcrEventEnvelope {
  const envelope: { -readonly [K in keyof CcrEventEnvelope]: CcrEventEnvelope[K] } = {
    event_id: eventId,
    sequence_num: sequence,
  };
  if (typeof data['created_at'] === 'string') envelope.created_at = data['created_at'];
  if (typeof data['processing_at'] === 'string') envelope.processing_at = data['processing_at'];
  if (typeof data['source'] === 'string') envelope.source = data['source'];
  return Object.freeze(envelope);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
