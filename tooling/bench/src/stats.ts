/** Bytes in one MiB. */
export const MIB_BYTES = 1024 * 1024;

/** Bytes in one MB (decimal), the unit of the MB/s figures. */
export const MB_BYTES = 1_000_000;

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The arithmetic mean of a non-empty list of numbers. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('mean of an empty list');
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Throughput in MB/s (decimal MB) for `bytes` processed in `ms` milliseconds. */
export function megabytesPerSecond(bytes: number, ms: number): number {
  return bytes / MB_BYTES / (ms / 1000);
}

/** Runs a full garbage collection when node runs with `--expose-gc`; otherwise does nothing. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

/**
 * Tracks the peak resident set size while a case runs. Call `sample()` often enough (it costs
 * one cheap syscall); `peakMiB` is the largest RSS seen since `reset()`.
 */
export class RssSampler {
  #peak = 0;

  /** Starts a new observation window at the current RSS. */
  reset(): void {
    this.#peak = process.memoryUsage.rss();
  }

  /** Records the current RSS. */
  sample(): void {
    const rss = process.memoryUsage.rss();
    if (rss > this.#peak) this.#peak = rss;
  }

  /** Peak RSS of the window, in MiB. */
  get peakMiB(): number {
    return this.#peak / MIB_BYTES;
  }
}
