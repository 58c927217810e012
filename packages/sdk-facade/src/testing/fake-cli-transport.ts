import type { Transport, TransportCloseInfo } from '@ccsdk/control-protocol';

type Json = Record<string, unknown>;

/**
 * A hand-written stand-in for the CLI side of a transport, for unit tests of `query()`.
 * It answers `initialize` (and any control request in `replies`), records what the SDK sent,
 * and lets the test emit messages or close with an error. Messages are round-tripped through
 * JSON like the wire. Not a proof that anything works with the real CLI: the e2e suite is.
 */
export class FakeCliTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (info: TransportCloseInfo) => void;
  readonly sent: Json[] = [];
  inputEnded = false;
  closed = false;
  /** Control request answers by subtype; `initialize` answers `{ commands: [] }` unless set. */
  readonly replies = new Map<string, Json | ((request: Json) => Json)>();
  /** Control request subtypes left unanswered (the test answers them, or never does). */
  readonly unanswered = new Set<string>();
  #waiters: Array<{ predicate: (m: Json) => boolean; resolve: (m: Json) => void }> = [];

  async start(): Promise<void> {}

  async send(message: unknown): Promise<void> {
    if (this.closed) throw new Error('closed');
    const value = JSON.parse(JSON.stringify(message)) as Json;
    this.sent.push(value);
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(value)) {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        waiter.resolve(value);
      }
    }
    if (value['type'] === 'control_request') this.#answer(value);
  }

  async endInput(): Promise<void> {
    this.inputEnded = true;
  }

  async close(): Promise<void> {
    this.finish({});
  }

  /** Delivers a message from the "CLI" to the SDK. */
  emit(message: Json): void {
    queueMicrotask(() => this.onmessage?.(JSON.parse(JSON.stringify(message))));
  }

  /** Ends the transport as the CLI would on exit. */
  finish(info: TransportCloseInfo): void {
    if (this.closed) return;
    this.closed = true;
    queueMicrotask(() => this.onclose?.(info));
  }

  /** Resolves with the first message the SDK sends (or sent) that matches. */
  waitForSent(predicate: (message: Json) => boolean): Promise<Json> {
    const seen = this.sent.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ predicate, resolve }));
  }

  /** The control requests the SDK sent, by subtype. */
  controlRequests(subtype: string): Json[] {
    return this.sent.filter(
      (m) => m['type'] === 'control_request' && (m['request'] as Json)['subtype'] === subtype,
    );
  }

  #answer(envelope: Json): void {
    const request = envelope['request'] as Json;
    const subtype = String(request['subtype']);
    if (this.unanswered.has(subtype)) return;
    const reply = this.replies.get(subtype) ?? (subtype === 'initialize' ? { commands: [] } : undefined);
    if (reply === undefined) return;
    const response = typeof reply === 'function' ? reply(request) : reply;
    this.emit({
      type: 'control_response',
      response: { subtype: 'success', request_id: envelope['request_id'], response },
    });
  }
}
