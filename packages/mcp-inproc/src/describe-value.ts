/** Longest quotation of a bad value in an error message, in characters. */
export const QUOTED_VALUE_MAX_CHARS = 80;

/**
 * Quotes a value for an error message: JSON where possible, else its type, cut to
 * {@link QUOTED_VALUE_MAX_CHARS}. Never throws.
 */
export function quoteValue(value: unknown): string {
  let text: string;
  try {
    text =
      typeof value === 'function'
        ? `[function ${value.name || 'anonymous'}]`
        : typeof value === 'bigint'
          ? `${value}n`
          : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Array.isArray(value) ? '[array]' : `[${typeof value}]`;
  }
  return text.length > QUOTED_VALUE_MAX_CHARS ? `${text.slice(0, QUOTED_VALUE_MAX_CHARS)}…` : text;
}

/** Names the JSON type of a value: `null`, `array`, `object`, `string`, ... */
export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
