/** Longest description of a value in an adapter's error message, in characters. */
export const ADAPTER_QUOTE_MAX_CHARS = 120;

/** A short printable form of any value for an error message; never throws. */
export function describeValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > ADAPTER_QUOTE_MAX_CHARS ? `${text.slice(0, ADAPTER_QUOTE_MAX_CHARS)}…` : text;
}
