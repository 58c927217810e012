/**
 * Largest single line (one JSON message) the decoders accept, in bytes: 128 MiB.
 * A CLI message carrying a few large base64 images stays well below it; a line past it is
 * reported with code `LINE_TOO_LONG` and skipped, and decoding goes on at the next line.
 */
export const DEFAULT_MAX_LINE_BYTES = 128 * 1024 * 1024;

/** How many characters of a bad line an error message quotes. */
export const BAD_LINE_PREVIEW_CHARS = 200;
