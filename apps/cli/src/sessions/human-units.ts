/** Epoch-ms spans of the relative-time units, largest first. */
const TIME_UNITS: readonly (readonly [string, number])[] = [
  ['y', 365 * 24 * 3600 * 1000],
  ['mo', 30 * 24 * 3600 * 1000],
  ['w', 7 * 24 * 3600 * 1000],
  ['d', 24 * 3600 * 1000],
  ['h', 3600 * 1000],
  ['m', 60 * 1000],
];

/** How long ago `then` was, in the largest whole unit: `just now`, `5m ago`, `3d ago`, `2mo ago`. */
export function relativeTime(then: number, now: number): string {
  const span = now - then;
  if (span < 0) return 'in future';
  for (const [unit, ms] of TIME_UNITS) {
    if (span >= ms) return `${Math.floor(span / ms)}${unit} ago`;
  }
  return 'just now';
}

/** Bytes in a short human form: `512 B`, `12 KB`, `3.4 MB`, `1.2 GB` (powers of 1024). */
export function humanSize(bytes: number | undefined): string {
  if (bytes === undefined || !Number.isFinite(bytes)) return '-';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
