const PREVIEW_CHARS = 80;

/** A short, quoted rendering of a bad value for a `TypeError` message. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (typeof value === 'string')
    return JSON.stringify(value.length > PREVIEW_CHARS ? `${value.slice(0, PREVIEW_CHARS)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (typeof value === 'function') return `a function${value.name ? ` (${value.name})` : ''}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'symbol') return value.toString();
  try {
    const text = JSON.stringify(value);
    return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS)}…` : text;
  } catch {
    return 'an object';
  }
}
