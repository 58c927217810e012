import type { Duplex } from 'node:stream';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import type { RawData, WebSocket } from 'ws';
import type { RawTokenVerifier } from './auth.js';
import { readAuthMessageToken } from './first-frame-auth-message.js';
import type { Logger } from './logger.js';

/** Bytes of the largest WebSocket frame header a client sends (2 + 8 length + 4 mask). */
const MAX_FRAME_HEADER_BYTES = 14;

/** What the gate works with. */
export interface FirstFrameAuthParams {
  /** Checks the token of the auth message, in constant time. */
  readonly verifyToken: RawTokenVerifier;
  /** How long a socket may wait for its first frame, in ms. */
  readonly deadlineMs: number;
  /** Most sockets waiting at once. */
  readonly maxPending: number;
  /** Largest first frame, in bytes. */
  readonly maxFrameBytes: number;
  readonly log: Logger;
  /** Told about each socket the gate closes as refused: its close code and why (`first_frame_timeout`, ...). */
  readonly onRefused?: (closeCode: number, reason: string) => void;
}

/** Where a socket came from, for the log (the path without its query, the peer's address). */
export interface PendingSocketContext {
  readonly path: string;
  readonly remote: string | undefined;
}

interface PendingAuth {
  settle(): void;
  readonly ws: WebSocket;
}

/**
 * WebSockets that arrived without an `Authorization` header and must authenticate with their
 * first frame (`{ type: 'auth', credential: { type: 'oauth', token } }`), at most `maxPending`
 * at a time. Each one is closed with a `DIRECT_CONNECT_CLOSE_CODES` code unless the right token
 * comes in time:
 * - a well-formed message with a right token: handed to `onAuthenticated` with the token's name
 *   (the principal) synchronously inside
 *   the message handler, after every listener of the gate is removed, so the next frame goes to
 *   whoever `onAuthenticated` attaches; the auth frame itself goes nowhere;
 * - a wrong token, malformed JSON, another shape, binary junk: `AUTH_FAILED` (4401);
 * - nothing within `deadlineMs`: `AUTH_TIMEOUT` (4402);
 * - a first frame past `maxFrameBytes`: `MESSAGE_TOO_BIG` (1009). The bytes read off the socket
 *   are counted while it waits, so a client cannot make the server buffer a big frame first.
 *
 * Close reasons never carry the frame or the token, and log entries name only the path.
 */
export class FirstFrameAuthGate {
  readonly #params: FirstFrameAuthParams;
  readonly #pending = new Set<PendingAuth>();

  constructor(params: FirstFrameAuthParams) {
    this.#params = params;
  }

  /** Sockets waiting for their first frame now. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  /** True when one more socket may wait. Check before accepting the upgrade. */
  hasRoom(): boolean {
    return this.#pending.size < this.#params.maxPending;
  }

  /**
   * Waits for the first frame of `ws`, whose underlying connection is `rawSocket` (the socket of
   * the upgrade, so the bytes it delivers can be counted before the WebSocket has a whole frame).
   */
  admit(
    ws: WebSocket,
    rawSocket: Duplex,
    context: PendingSocketContext,
    onAuthenticated: (ws: WebSocket, principal: string) => void,
  ): void {
    const { log, verifyToken, maxFrameBytes } = this.#params;
    const rawByteLimit = maxFrameBytes + MAX_FRAME_HEADER_BYTES;
    let rawBytes = 0;
    let settled = false;
    const refuse = (code: number, reason: string, why: string): void => {
      log({ level: 'warn', event: 'auth.rejected', method: 'UPGRADE', ...context, reason: why });
      this.#params.onRefused?.(code, why);
      ws.close(code, reason);
    };
    const onRawData = (chunk: Buffer): void => {
      // The WebSocket reads the chunk first: when it completed the first frame, the gate is done.
      if (settled) return;
      rawBytes += chunk.length;
      if (rawBytes <= rawByteLimit) return;
      pending.settle();
      refuse(DIRECT_CONNECT_CLOSE_CODES.MESSAGE_TOO_BIG, 'auth frame too large', 'first_frame_too_large');
      // Read no more of it: the close frame goes out, then the connection is dropped.
      ws.pause();
      rawSocket.end(() => rawSocket.destroy());
    };
    const onMessage = (data: RawData): void => {
      pending.settle();
      const frame = toBuffer(data);
      if (frame.length > maxFrameBytes) {
        refuse(DIRECT_CONNECT_CLOSE_CODES.MESSAGE_TOO_BIG, 'auth frame too large', 'first_frame_too_large');
        return;
      }
      const token = readAuthMessageToken(frame);
      // Verify even when there is no token, so a malformed frame costs what a wrong token does.
      const principal = verifyToken(token);
      if (principal === undefined) {
        refuse(
          DIRECT_CONNECT_CLOSE_CODES.AUTH_FAILED,
          'authentication failed',
          token === undefined ? 'first_frame_invalid' : 'first_frame_wrong_token',
        );
        return;
      }
      log({ level: 'debug', event: 'auth.first_frame_accepted', ...context, principal });
      onAuthenticated(ws, principal);
    };
    const onClose = (): void => {
      pending.settle();
      log({ level: 'debug', event: 'auth.abandoned', ...context });
    };
    const timer = setTimeout(() => {
      pending.settle();
      refuse(DIRECT_CONNECT_CLOSE_CODES.AUTH_TIMEOUT, 'authentication timeout', 'first_frame_timeout');
    }, this.#params.deadlineMs);
    timer.unref();
    const pending: PendingAuth = {
      ws,
      settle: () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        rawSocket.off('data', onRawData);
        ws.off('message', onMessage);
        ws.off('close', onClose);
        this.#pending.delete(pending);
      },
    };
    this.#pending.add(pending);
    // A protocol error (bad UTF-8 in a text frame, say) closes the socket; it must not throw.
    ws.on('error', () => undefined);
    ws.once('message', onMessage);
    ws.once('close', onClose);
    rawSocket.on('data', onRawData);
  }

  /** Closes every waiting socket with `code` (the server is shutting down). */
  closeAll(code: number, reason: string): void {
    for (const pending of [...this.#pending]) {
      pending.settle();
      pending.ws.close(code, reason);
    }
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
