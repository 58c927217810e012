/**
 * Resolves `true` once `promise` settles (either way), or `false` when `timeoutMs` passes first.
 * The timer is cleared when the promise wins and never keeps the process alive.
 */
export function settlesWithin(promise: Promise<unknown>, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
    const settled = (): void => {
      clearTimeout(timer);
      resolve(true);
    };
    promise.then(settled, settled);
  });
}
