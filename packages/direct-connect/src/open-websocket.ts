import WebSocket from 'ws';
import { DirectConnectError } from './errors.js';

/** How to open the session's WebSocket. */
export interface OpenWebSocketParams {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Largest message accepted from the server, in bytes. */
  readonly maxPayloadBytes: number;
  readonly signal?: AbortSignal;
}

/** Listeners of an open socket, installed before any frame can arrive. */
export interface WebSocketListeners {
  /** Each received message, from the first one (which may arrive with the upgrade answer). */
  onMessage(data: Buffer): void;
  /** A socket error after the socket opened; `onClose` follows. */
  onError(error: Error): void;
  /** The socket closed after it had opened. */
  onClose(code: number, reason: string): void;
}

/**
 * Opens a WebSocket and resolves once it is open. Rejects with a {@link DirectConnectError}:
 * `CONNECT_TIMEOUT` past `timeoutMs`, `WEBSOCKET_REJECTED` (with `status`) when the server answers
 * the upgrade with an HTTP status, `SOCKET_ERROR` for any other failure (also when `signal` aborts).
 */
export function openWebSocket(
  params: OpenWebSocketParams,
  listeners: WebSocketListeners,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(params.url, {
      headers: { ...params.headers },
      maxPayload: params.maxPayloadBytes,
      perMessageDeflate: false,
      followRedirects: false,
    });
    let settled = false;
    const settle = (error: DirectConnectError | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      params.signal?.removeEventListener('abort', onAbort);
      socket.off('open', onOpen);
      if (error === undefined) {
        socket.removeAllListeners('error');
        socket.removeAllListeners('close');
        socket.on('error', (cause) => listeners.onError(cause));
        socket.on('close', (code, reason) => listeners.onClose(code, reason.toString('utf8')));
        resolve(socket);
        return;
      }
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.terminate();
      reject(error);
    };
    const onOpen = (): void => settle(undefined);
    const onAbort = (): void =>
      settle(
        new DirectConnectError({
          code: 'SOCKET_ERROR',
          message: 'Opening the WebSocket was abandoned because the transport was closed.',
          cause: params.signal?.reason,
        }),
      );
    const timer = setTimeout(
      () =>
        settle(
          new DirectConnectError({
            code: 'CONNECT_TIMEOUT',
            message: `The session's WebSocket did not open within ${params.timeoutMs} ms (${params.url}).`,
          }),
        ),
      params.timeoutMs,
    );
    socket.once('open', onOpen);
    // Frames sent right after the upgrade can arrive with it, before the open promise settles.
    socket.on('message', (data: Buffer) => listeners.onMessage(data));
    socket.on('unexpected-response', (request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      request.destroy();
      settle(
        new DirectConnectError({
          code: 'WEBSOCKET_REJECTED',
          status,
          message: `The server refused the WebSocket upgrade with HTTP ${status}${status === 401 ? '; check the token in the cc:// URL' : ''}.`,
        }),
      );
    });
    socket.on('error', (cause) =>
      settle(
        new DirectConnectError({
          code: 'SOCKET_ERROR',
          message: `The session's WebSocket failed to open: ${cause.message}`,
          cause,
        }),
      ),
    );
    socket.on('close', (code) =>
      settle(
        new DirectConnectError({
          code: 'SOCKET_ERROR',
          closeCode: code,
          message: `The session's WebSocket closed (code ${code}) before it opened.`,
        }),
      ),
    );
    if (params.signal?.aborted) onAbort();
    else params.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
