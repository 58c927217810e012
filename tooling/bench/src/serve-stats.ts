/** Figures of the `ccsdk serve` load benchmarks: percentiles and whether memory stays flat. */

/**
 * The `p`-th percentile (0-100) of `values` by the nearest-rank method: the smallest value with at
 * least `p` percent of the values at or below it (p99 of 25 values is the largest). `NaN` for an
 * empty list.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0-100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

/**
 * Memory growth per 100 sessions below which a soak's RSS counts as flat, in MiB (1 MiB): a server
 * that kept 10 KiB per session would grow by that much; allocator and JIT noise over a run of a
 * few hundred sessions stays below it on this machine.
 */
export const FLAT_RSS_GROWTH_MIB_PER_100 = 1;

/** Growth of a figure between two points of a soak, per 100 sessions run between them. */
export function growthPer100(before: number, after: number, sessionsBetween: number): number {
  if (sessionsBetween <= 0) return Number.NaN;
  return ((after - before) / sessionsBetween) * 100;
}

/** `flat` when the growth per 100 sessions is at most `limit`, else `growing`. */
export function flatOrGrowing(growthPerHundred: number, limit: number): 'flat' | 'growing' | 'n/a' {
  if (!Number.isFinite(growthPerHundred)) return 'n/a';
  return growthPerHundred <= limit ? 'flat' : 'growing';
}

/** Formats milliseconds for a table cell (`n/a` when not a number). */
export function formatMs(ms: number): string {
  return Number.isFinite(ms) ? ms.toFixed(0) : 'n/a';
}

/** Formats KiB as MiB with one decimal for a table cell. */
export function formatKiBAsMiB(kib: number): string {
  return Number.isFinite(kib) ? (kib / 1024).toFixed(1) : 'n/a';
}
