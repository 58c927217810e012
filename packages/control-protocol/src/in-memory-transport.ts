import { ControlProtocolError } from './errors.js';
import type { Transport, TransportCloseInfo } from './transport.js';

/** State shared by the two ends of a linked pair. */
interface Link {
  closed: boolean;
  closing: Promise<void> | undefined;
}

function roundTrip(message: unknown): unknown {
  const text = JSON.stringify(message);
  if (text === undefined) {
    throw new TypeError(`Cannot send ${String(message)}: it has no JSON form.`);
  }
  return JSON.parse(text);
}

function transportClosed(message: string): ControlProtocolError {
  return new ControlProtocolError({ code: 'TRANSPORT_CLOSED', message });
}

/**
 * One end of an in-memory linked pair. Messages travel as JSON text (stringified, then parsed)
 * so in-process behaviour equals the wire; they are delivered in order, asynchronously, and
 * queued until the receiving end's `start()`.
 */
class LinkedTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (info: TransportCloseInfo) => void;

  readonly #link: Link;
  #peer!: LinkedTransport;
  readonly #inbox: unknown[] = [];
  #started = false;
  #inputEnded = false;
  #drainScheduled = false;
  #closeFired = false;
  #onDrained: (() => void) | undefined;

  constructor(link: Link) {
    this.#link = link;
  }

  /** Wires this end to its peer. */
  connect(peer: LinkedTransport): void {
    this.#peer = peer;
  }

  async start(): Promise<void> {
    if (this.#link.closed) throw transportClosed('Cannot start an in-memory transport after close().');
    this.#started = true;
    this.#scheduleDrain();
  }

  async send(message: unknown): Promise<void> {
    if (this.#link.closed) throw transportClosed('Cannot send: the in-memory transport is closed.');
    if (this.#inputEnded) throw transportClosed('Cannot send: endInput() was called on this end.');
    this.#peer.#enqueue(roundTrip(message));
  }

  async endInput(): Promise<void> {
    this.#inputEnded = true;
  }

  close(): Promise<void> {
    this.#link.closing ??= this.#closeBoth();
    return this.#link.closing;
  }

  async #closeBoth(): Promise<void> {
    this.#link.closed = true;
    await Promise.all([this.#finish(), this.#peer.#finish()]);
  }

  /** Delivers what is already queued (when started), then fires `onclose` once. */
  #finish(): Promise<void> {
    return new Promise((resolve) => {
      this.#onDrained = () => {
        this.#fireClose();
        resolve();
      };
      if (this.#started) this.#scheduleDrain();
      else {
        this.#inbox.length = 0;
        this.#onDrained();
      }
    });
  }

  #enqueue(message: unknown): void {
    this.#inbox.push(message);
    if (this.#started) this.#scheduleDrain();
  }

  #scheduleDrain(): void {
    if (this.#drainScheduled) return;
    this.#drainScheduled = true;
    queueMicrotask(() => this.#drain());
  }

  #drain(): void {
    this.#drainScheduled = false;
    while (this.#inbox.length > 0) {
      const message = this.#inbox.shift();
      try {
        this.onmessage?.(message);
      } catch (error) {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      }
    }
    const onDrained = this.#onDrained;
    this.#onDrained = undefined;
    onDrained?.();
  }

  #fireClose(): void {
    if (this.#closeFired) return;
    this.#closeFired = true;
    this.onclose?.({});
  }
}

/**
 * Two transports wired to each other in memory, for tests and in-process peers: what one end
 * sends, the other receives.
 *
 * - Every message is round-tripped through `JSON.stringify`/`JSON.parse`; a value with no JSON
 *   form (e.g. `undefined`) makes `send` reject with a TypeError.
 * - Delivery is asynchronous and in order; messages wait for the receiving end's `start()`.
 * - `endInput()` on one end: its later `send` calls reject, so the other end sees nothing more.
 * - `close()` on either end closes both: messages already sent are still delivered to a
 *   started end, then `onclose` fires exactly once on each end. Idempotent.
 * - `send` after close rejects with `ControlProtocolError` code `TRANSPORT_CLOSED`.
 */
export function createLinkedTransportPair(): [Transport, Transport] {
  const link: Link = { closed: false, closing: undefined };
  const left = new LinkedTransport(link);
  const right = new LinkedTransport(link);
  left.connect(right);
  right.connect(left);
  return [left, right];
}
