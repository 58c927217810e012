import type { Transport, TransportCloseInfo } from '@ccsdk/control-protocol';

/**
 * Wraps `inner` so `onClosed` hears when it closes, while the control channel still gets every
 * callback: the spare's `exited` promise comes from here.
 */
export function observeClose(inner: Transport, onClosed: (info: TransportCloseInfo) => void): Transport {
  const outer: Transport = {
    start: () => inner.start(),
    send: (message) => inner.send(message),
    endInput: () => inner.endInput(),
    close: () => inner.close(),
  };
  inner.onmessage = (message) => outer.onmessage?.(message);
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = (info) => {
    try {
      outer.onclose?.(info);
    } finally {
      onClosed(info);
    }
  };
  return outer;
}
