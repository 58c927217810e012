/**
 * Settles (with `undefined`) only when `signal` aborts: a handler that returns this sends no
 * reply, since the channel drops the answer of an aborted request. Used when the caller answers
 * out of band, or leaves a dialog to another client.
 */
export function untilAborted(signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', () => resolve(undefined), { once: true });
  });
}
