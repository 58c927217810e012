import type { Transport, TransportCloseInfo } from '@ccsdk/control-protocol';

/** What {@link watchTransport} reports. */
export interface TransportWatcher {
  /** Called once the inner transport closed. */
  onClosed(info: TransportCloseInfo): void;
  /** Called once each message was handed to the inner transport (in write order). */
  onSent(message: unknown): void;
}

/**
 * Wraps `inner` so a watcher hears what is written and when it closes, while the control
 * channel still gets every callback: the spare learns from it that its claim is on the wire
 * (so the prompt can follow without waiting for the answer) and when its process exited.
 */
export function watchTransport(inner: Transport, watcher: TransportWatcher): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message) => {
      const written = inner.send(message);
      watcher.onSent(message);
      return written;
    },
    endInput: () => inner.endInput(),
    close: () => inner.close(),
  };
  inner.onmessage = (message) => outer.onmessage?.(message);
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = (info) => {
    try {
      outer.onclose?.(info);
    } finally {
      watcher.onClosed(info);
    }
  };
  return outer;
}

/** Resolves when a control request of `subtype` passes through; for {@link TransportWatcher.onSent}. */
export class SentRequests {
  readonly #waiting = new Map<string, Array<() => void>>();

  /** Feeds one written message. */
  observe(message: unknown): void {
    const request = (message as { type?: unknown; request?: { subtype?: unknown } } | null)?.request;
    if ((message as { type?: unknown })?.type !== 'control_request' || typeof request?.subtype !== 'string')
      return;
    const waiters = this.#waiting.get(request.subtype) ?? [];
    this.#waiting.delete(request.subtype);
    for (const resolve of waiters) resolve();
  }

  /** Resolves once the next control request of `subtype` was handed to the transport. */
  next(subtype: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#waiting.get(subtype) ?? [];
      waiters.push(resolve);
      this.#waiting.set(subtype, waiters);
    });
  }
}
