const MAX_QUOTED_CHARS = 80;

/** Quotes any value for an error message, shortening long strings; never throws. */
export function quote(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > MAX_QUOTED_CHARS ? `${value.slice(0, MAX_QUOTED_CHARS)}…` : value);
  }
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function')
    return String(value);
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const name = value.constructor?.name;
    if (name !== undefined && name !== 'Object') return `a ${name}`;
  }
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
  } catch {
    return String(value);
  }
}
