/**
 * Why a transport closed. `error` is absent for an orderly close (the peer ended, or
 * `close()` was called); present when the peer failed (e.g. the CLI exited non-zero).
 */
export interface TransportCloseInfo {
  /** The failure that ended the transport, if it was not an orderly close. */
  readonly error?: Error;
}

/**
 * The one seam every transport implements: a bidirectional stream of JSON values.
 *
 * Contract:
 * - Install the callbacks before calling `start()`; messages are not buffered for late listeners.
 * - `send()` writes one JSON value as one newline-terminated line and resolves after the write drained.
 * - `endInput()` half-closes: no more input will be sent; incoming messages keep flowing.
 * - `close()` is idempotent and staged; it resolves once the peer is gone.
 * - `onmessage` receives each decoded JSON value in order.
 * - `onerror` is non-fatal (a malformed line, a callback that threw); the transport goes on.
 * - `onclose` fires exactly once, whatever ended the transport.
 */
export interface Transport {
  /** Starts the transport (spawns the process, opens the socket). Rejects if that fails. */
  start(): Promise<void>;
  /** Sends one JSON value as one line. Rejects with a typed error if the transport is closed. */
  send(message: unknown): Promise<void>;
  /** Signals that no more input will be sent (closes the child's stdin). Idempotent. */
  endInput(): Promise<void>;
  /** Closes the transport and waits until the peer is gone. Idempotent. */
  close(): Promise<void>;
  /** Receives each decoded JSON value, in order. */
  onmessage?: (message: unknown) => void;
  /** Receives non-fatal problems, e.g. a line that is not JSON. */
  onerror?: (error: Error) => void;
  /** Fires exactly once when the transport has closed. */
  onclose?: (info: TransportCloseInfo) => void;
}
