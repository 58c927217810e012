/**
 * Size of the end-of-input frame, in bytes: 0. A WebSocket has no half-close, so the client
 * says "no more input" with a message of zero bytes. Every data frame holds at least one
 * newline-terminated line and is never empty, so the two cannot be confused. The server answers
 * it by ending the CLI's stdin; the CLI finishes its turn and exits, and the server closes the
 * socket with 1000.
 */
export const END_OF_INPUT_FRAME_BYTES = 0;

/** True when a received WebSocket message is the end-of-input frame. */
export function isEndOfInputFrame(data: { readonly byteLength: number }): boolean {
  return data.byteLength === END_OF_INPUT_FRAME_BYTES;
}
