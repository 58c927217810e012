/**
 * An entry's JSON text as {@link InMemorySessionStore} keeps it: a string when it is ASCII, else
 * its UTF-8 bytes. V8 keeps a string in two bytes a character as soon as one character is past
 * U+00FF; the UTF-8 bytes of such a text (a tool result with one `✓` in 100 KB of output) are
 * about half of that. Measured on a 5 MB transcript the real CLI wrote: 92% of its characters
 * are on lines with such a character.
 */
export type StoredText = string | Buffer;

/** `text` kept as it is when ASCII, else as its UTF-8 bytes. */
export function storedText(text: string): StoredText {
  return Buffer.byteLength(text, 'utf8') === text.length ? text : Buffer.from(text, 'utf8');
}

/**
 * The line `bytes[start, end)` decoded as `text`, kept as it is when ASCII (as many characters as
 * bytes), else as a copy of its bytes: decoding those again gives `text` back exactly, invalid
 * sequences included (each decodes to U+FFFD the same way every time).
 */
export function storedLine(text: string, bytes: Buffer, start: number, end: number): StoredText {
  return end - start === text.length ? text : Buffer.from(bytes.subarray(start, end));
}

/** A fresh value parsed from a kept text. */
export function parseStoredText(text: StoredText): unknown {
  return JSON.parse(typeof text === 'string' ? text : text.toString('utf8'));
}
