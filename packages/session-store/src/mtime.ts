const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * An adapter's mtime as integer epoch milliseconds: a finite number (floored), a numeric string,
 * an ISO-8601 string or a `Date`. Anything else (and a value that is not positive or beyond
 * `Number.MAX_SAFE_INTEGER`) reads as 0,
 * which sorts as oldest.
 */
export function normalizeMtime(value: unknown): number {
  let ms: number;
  if (typeof value === 'number') ms = value;
  else if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'string') ms = NUMERIC.test(value) ? Number(value) : Date.parse(value);
  else return 0;
  const floored = Math.floor(ms);
  return Number.isSafeInteger(floored) && floored > 0 ? floored : 0;
}
