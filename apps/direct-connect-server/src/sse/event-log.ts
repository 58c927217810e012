import { randomUUID } from 'node:crypto';
import type { SseDurableEvent } from '@ccsdk/direct-connect';
import type { SessionStore } from '@ccsdk/session-store';
import type { Logger } from '../logger.js';
import { EventRing } from './event-ring.js';
import { eventLogKey, framesOfStoredLog, storeEntryOfEnd, storeEntryOfEvent } from './event-store.js';
import { durableFrame, type LogFrame, sessionEndedFrame } from './sse-frames.js';
import { SSE_REPLAY_RING_CHARS, SSE_REPLAY_RING_EVENTS } from './sse-limits.js';
import { StoreAppender } from './store-appender.js';

/** Something that takes the log's frames as they come (an open stream). */
export interface LogSubscriber {
  /** One frame, durable or not, in the log's order. */
  offer(frame: LogFrame): void;
}

/**
 * The event log of one session read over SSE: every durable event gets the next
 * `sequence_num` (dense from 1), goes to the subscribers at once, into a bounded ring for fast
 * replay and, in order, to the session store. Frames that are not kept (`ephemeral`,
 * `delivery_update`) only go to the subscribers. The last event is `session_ended`.
 */
export class SessionEventLog {
  readonly sessionId: string;
  readonly #store: SessionStore;
  readonly #log: Logger;
  readonly #ring = new EventRing(SSE_REPLAY_RING_EVENTS, SSE_REPLAY_RING_CHARS);
  readonly #appender: StoreAppender;
  readonly #subscribers = new Set<LogSubscriber>();
  /** The name of the token that created the session, stored with every entry. */
  readonly #owner: string;
  #lastSeq = 0;
  #ended = false;

  constructor(params: { sessionId: string; owner: string; store: SessionStore; log: Logger }) {
    this.sessionId = params.sessionId;
    this.#owner = params.owner;
    this.#store = params.store;
    this.#log = params.log;
    this.#appender = new StoreAppender(params.store, eventLogKey(params.sessionId), params.log);
  }

  /** The `sequence_num` of the last durable event; 0 before the first. */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  /** True once `session_ended` is in the log; nothing is appended after it. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Appends one durable event and hands it to every subscriber. */
  append(
    source: SseDurableEvent['source'],
    eventId: string,
    payload: Record<string, unknown>,
  ): SseDurableEvent {
    const event: SseDurableEvent = {
      event_id: eventId,
      sequence_num: this.#lastSeq + 1,
      created_at: new Date().toISOString(),
      source,
      payload,
    };
    this.#lastSeq = event.sequence_num;
    this.#appender.enqueue(storeEntryOfEvent(event, this.#owner));
    this.#keep(durableFrame(this.sessionId, event));
    return event;
  }

  /** Appends the durable `session_ended` event (once; later calls do nothing). */
  end(code: number, reason: string): void {
    if (this.#ended) return;
    this.#ended = true;
    const ended = { sequence_num: this.#lastSeq + 1, code, reason };
    this.#lastSeq = ended.sequence_num;
    this.#appender.enqueue(storeEntryOfEnd(randomUUID(), new Date().toISOString(), ended, this.#owner));
    this.#keep(sessionEndedFrame(this.sessionId, ended));
  }

  /** Hands a frame that is not kept to every subscriber. */
  publish(frame: LogFrame): void {
    for (const subscriber of this.#subscribers) subscriber.offer(frame);
  }

  /** Adds a subscriber for every frame from now on; returns its removal. */
  subscribe(subscriber: LogSubscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => {
      this.#subscribers.delete(subscriber);
    };
  }

  /** Resolves once every event appended so far reached the store or was reported failed. */
  flush(): Promise<void> {
    return this.#appender.flush();
  }

  /**
   * The durable frames with `after < seq <= upTo`, by rising `seq`: from the ring when it
   * reaches back far enough, else from the store merged with the ring. Frames neither holds
   * (a failed append, an evicted frame not stored yet) are missing: the caller sees the gap.
   */
  async replay(after: number, upTo: number): Promise<LogFrame[]> {
    if (after >= upTo) return [];
    const first = this.#ring.firstSeq;
    if (first !== undefined && first <= after + 1)
      return this.#ring.after(after).filter((f) => within(f, upTo));
    let stored: LogFrame[] = [];
    try {
      stored = framesOfStoredLog(this.sessionId, (await this.#store.load(eventLogKey(this.sessionId))) ?? []);
    } catch (error) {
      this.#log({
        level: 'error',
        event: 'sse.store_load_failed',
        sessionId: this.sessionId,
        error: error instanceof Error ? { name: error.name } : typeof error,
      });
    }
    const bySeq = new Map<number, LogFrame>();
    for (const frame of [...stored, ...this.#ring.after(after)]) {
      if ((frame.seq as number) > after && within(frame, upTo)) bySeq.set(frame.seq as number, frame);
    }
    return [...bySeq.values()].sort((a, b) => (a.seq as number) - (b.seq as number));
  }

  #keep(frame: LogFrame): void {
    this.#ring.push(frame);
    for (const subscriber of this.#subscribers) subscriber.offer(frame);
  }
}

function within(frame: LogFrame, upTo: number): boolean {
  return (frame.seq as number) <= upTo;
}
