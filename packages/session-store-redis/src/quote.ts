/** Longest quoted value in an error message, in characters. */
const QUOTE_MAX_CHARS = 120;

/** A short printable form of any value, for error messages. */
export function quote(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS)}…` : text;
}
