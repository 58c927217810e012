/** Longest stretch of synchronous file work before the event loop gets a turn, in milliseconds. */
export const SYNC_SLICE_MS = 4;

/**
 * Runs `work` over `items` in order, synchronously, but gives the event loop a turn every
 * {@link SYNC_SLICE_MS} so that timers and sockets stay responsive during a long listing.
 * `work` returns `false` to stop early.
 */
export async function forEachInSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => boolean | undefined,
): Promise<void> {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (work(items[i]!, i) === false) return;
    if (performance.now() - sliceStart >= SYNC_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
