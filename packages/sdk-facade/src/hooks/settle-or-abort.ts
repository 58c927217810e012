/** How a callback ended: with a value, with a throw, or overtaken by its signal. */
export type Settlement =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'aborted' };

/**
 * Runs `call` and resolves with whichever comes first: its value, its throw (synchronous or
 * not), or the abort of `signal`. A callback that ignores its signal is left behind, not awaited.
 */
export function settleOrAbort(call: () => unknown, signal: AbortSignal): Promise<Settlement> {
  if (signal.aborted) return Promise.resolve({ kind: 'aborted' });
  return new Promise<Settlement>((resolve) => {
    const onAbort = (): void => resolve({ kind: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = (settlement: Settlement): void => {
      signal.removeEventListener('abort', onAbort);
      resolve(settlement);
    };
    try {
      Promise.resolve(call()).then(
        (value) => finish({ kind: 'value', value }),
        (error: unknown) => finish({ kind: 'error', error }),
      );
    } catch (error) {
      finish({ kind: 'error', error });
    }
  });
}

/** Resolves when `signal` aborts or `timeoutMs` passes, whichever is first. */
export function untilAbortedOrElapsed(signal: AbortSignal, timeoutMs: number): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
  });
}
