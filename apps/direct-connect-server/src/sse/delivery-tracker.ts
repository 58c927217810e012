import type { SseClientEventAccepted, SseDeliveryStatus } from '@ccsdk/direct-connect';

/**
 * What one session remembers of the events clients posted: the answer given to each `event_id`
 * (the idempotency of `POST /sessions/:id/events`, the last `maxRemembered` ids), and the
 * posted user messages the CLI has not finished, in order, for their delivery updates.
 *
 * A user message is `PROCESSING` when the CLI's next line comes after it reached the head of the
 * queue, and `PROCESSED` when a `result` goes out; then the next one is the head.
 */
export class DeliveryTracker {
  readonly #maxRemembered: number;
  readonly #answers = new Map<string, SseClientEventAccepted>();
  readonly #userQueue: { eventId: string; processing: boolean }[] = [];

  constructor(maxRemembered: number) {
    this.#maxRemembered = maxRemembered;
  }

  /** The first answer given to `eventId`, when it was taken and is still remembered. */
  answerFor(eventId: string): SseClientEventAccepted | undefined {
    return this.#answers.get(eventId);
  }

  /** Remembers the answer to a taken event; the oldest id is forgotten past the bound. */
  remember(answer: SseClientEventAccepted): void {
    this.#answers.set(answer.event_id, answer);
    if (this.#answers.size > this.#maxRemembered) {
      const oldest = this.#answers.keys().next().value as string;
      this.#answers.delete(oldest);
    }
  }

  /** A user message was handed to the CLI. */
  userSent(eventId: string): void {
    this.#userQueue.push({ eventId, processing: false });
  }

  /** The updates due before a CLI line goes out: `PROCESSING` for the head, once. */
  beforeWorkerLine(): DeliveryChange[] {
    const head = this.#userQueue[0];
    if (head === undefined || head.processing) return [];
    head.processing = true;
    return [{ eventId: head.eventId, status: 'DELIVERY_STATUS_PROCESSING' }];
  }

  /** The updates due after a `result` line went out: `PROCESSED` for the head. */
  afterResult(): DeliveryChange[] {
    const head = this.#userQueue.shift();
    return head === undefined ? [] : [{ eventId: head.eventId, status: 'DELIVERY_STATUS_PROCESSED' }];
  }
}

/** One status change of a posted event. */
export interface DeliveryChange {
  /** The posted event's id. */
  readonly eventId: string;
  /** Its new status. */
  readonly status: SseDeliveryStatus;
}
