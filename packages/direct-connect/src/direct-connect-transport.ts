import {
  type ControlProtocolError,
  encodeJsonLine,
  JsonLinesDecoder,
  type Transport,
  type TransportCloseInfo,
} from '@ccsdk/control-protocol';
import type WebSocket from 'ws';
import { DIRECT_CONNECT_CLOSE_CODES, exitCodeFromCloseCode } from './close-codes.js';
import { DirectConnectError } from './errors.js';
import { openWebSocket } from './open-websocket.js';
import { createRemoteSession, deleteRemoteSession } from './session-api.js';
import type { DirectConnectSession } from './session-response.js';
import {
  type DirectConnectTransportOptions,
  type ResolvedTransportOptions,
  resolveTransportOptions,
} from './transport-options.js';

type State = 'idle' | 'starting' | 'open' | 'closed';

const NEWLINE = 0x0a;

/**
 * A {@link Transport} to a Claude Code session hosted by a Direct Connect server.
 *
 * - `start()` sends `POST /sessions` (`cwd`, `session_key`, `permission_mode`), validates the
 *   answer, then opens the returned WebSocket within `openTimeoutMs` (15 s). Every failure
 *   rejects with a {@link DirectConnectError}; there is no retry and no reconnect.
 * - Incoming frames are one byte stream of JSON lines, decoded by the shared decoder: a line that
 *   is not JSON goes to `onerror` (`MALFORMED_LINE`) and is dropped; a fragment without its
 *   newline waits for the next frame and is discarded (`TRUNCATED_LINE` warning) if the socket
 *   closes first.
 * - `send()` writes one line per frame and resolves once it was written to the socket.
 * - `endInput()` sends the zero-byte end-of-input frame; the server ends the CLI's stdin.
 * - `onclose` fires once: `{}` after code 1000 or a `close()` of ours; otherwise
 *   `{ error }` with `SESSION_EXITED` (the CLI exited non-zero, `exitCode` set),
 *   `ABNORMAL_CLOSE` (`closeCode` set) or `SOCKET_ERROR`.
 * - `close()` closes the socket (bounded by `closeTimeoutMs`) and, with `deleteSessionOnClose`,
 *   fires a best-effort `DELETE /sessions/:id` that is not awaited. A transport the server
 *   already closed returns early.
 */
export class DirectConnectTransport implements Transport {
  /** Receives each JSON value from the server, in order. */
  onmessage?: (message: unknown) => void;
  /** Receives non-fatal problems: a malformed or over-long line, a discarded fragment, a callback that threw. */
  onerror?: (error: Error) => void;
  /** Fires exactly once when the transport has closed. */
  onclose?: (info: TransportCloseInfo) => void;

  readonly #options: ResolvedTransportOptions;
  readonly #abort = new AbortController();
  #state: State = 'idle';
  #session: DirectConnectSession | undefined;
  #socket: WebSocket | undefined;
  #startPromise: Promise<void> | undefined;
  #closePromise: Promise<void> | undefined;
  #closedByUs = false;
  #inputEnded = false;
  #midLine = false;
  #socketError: Error | undefined;
  #closeFired = false;
  readonly #closed: { promise: Promise<void>; resolve: () => void } = deferred();

  /** Validates every option now: a bad option throws a `TypeError`, a bad URL a `DirectConnectError`. */
  constructor(options: DirectConnectTransportOptions) {
    this.#options = resolveTransportOptions(options);
  }

  /** The server's id of the session, once `POST /sessions` answered. */
  get sessionId(): string | undefined {
    return this.#session?.sessionId;
  }

  /** The session's WebSocket URL, once `POST /sessions` answered. */
  get wsUrl(): string | undefined {
    return this.#session?.wsUrl;
  }

  /** The folder the server runs the session in, when it said so. */
  get workDir(): string | undefined {
    return this.#session?.workDir;
  }

  /** Creates the session and opens its WebSocket. May be called once. */
  start(): Promise<void> {
    if (this.#state !== 'idle') {
      return Promise.reject(
        this.#state === 'closed'
          ? closedError('The transport is closed; create a new DirectConnectTransport.')
          : new DirectConnectError({ code: 'ALREADY_STARTED', message: 'start() was already called.' }),
      );
    }
    this.#state = 'starting';
    this.#startPromise = this.#connect().catch((error: unknown) => {
      this.#state = 'closed';
      if (this.#session !== undefined && this.#options.deleteSessionOnClose) this.#deleteSession();
      if (this.#closePromise !== undefined) this.#fireClose({});
      throw error;
    });
    return this.#startPromise;
  }

  /** Sends one JSON value as one line in one frame; resolves once written to the socket. */
  async send(message: unknown): Promise<void> {
    const refusal = this.#sendRefusal();
    if (refusal !== undefined) throw refusal;
    return this.#write(encodeJsonLine(message));
  }

  /** Sends the end-of-input frame: the remote CLI's stdin is ended. Idempotent. */
  async endInput(): Promise<void> {
    if (this.#state === 'idle' || this.#state === 'starting') {
      throw new DirectConnectError({
        code: 'NOT_STARTED',
        message: 'Call start() and await it before endInput().',
      });
    }
    if (this.#inputEnded || this.#state === 'closed' || this.#closePromise !== undefined) return;
    this.#inputEnded = true;
    await this.#write('');
  }

  /** Closes the WebSocket (and deletes the session if asked); resolves once closed. Idempotent. */
  close(): Promise<void> {
    this.#closePromise ??= this.#shutdown();
    return this.#closePromise;
  }

  async #connect(): Promise<void> {
    const options = this.#options;
    const signal = this.#abort.signal;
    this.#session = await createRemoteSession({
      endpoint: options.endpoint,
      body: options.body,
      headers: options.headers,
      timeoutMs: options.createTimeoutMs,
      signal,
    });
    const decoder = new JsonLinesDecoder({
      onValue: (value) => this.onmessage?.(value),
      onError: (error) => this.#report(wrapDecoderError(error)),
      maxLineBytes: options.maxLineBytes,
    });
    this.#socket = await openWebSocket(
      {
        url: this.#session.wsUrl,
        headers: options.headers,
        timeoutMs: options.openTimeoutMs,
        // A frame carries at most one line and its newline.
        maxPayloadBytes: options.maxLineBytes + 1,
        signal,
      },
      {
        onMessage: (data) => {
          if (data.length === 0) return;
          decoder.write(data);
          this.#midLine = data[data.length - 1] !== NEWLINE;
        },
        onError: (error) => {
          this.#socketError ??= error;
        },
        onClose: (code, reason) => this.#onSocketClose(code, reason),
      },
    );
    this.#state = 'open';
  }

  #onSocketClose(code: number, reason: string): void {
    if (this.#midLine) {
      this.#report(
        new DirectConnectError({
          code: 'TRUNCATED_LINE',
          message: 'The socket closed inside an unterminated line; the fragment was discarded.',
        }),
      );
    }
    this.#fireClose(this.#closeInfo(code, reason));
  }

  #closeInfo(code: number, reason: string): TransportCloseInfo {
    if (this.#closedByUs || code === DIRECT_CONNECT_CLOSE_CODES.NORMAL) return {};
    const exitCode = exitCodeFromCloseCode(code);
    if (exitCode !== undefined) {
      return {
        error: new DirectConnectError({
          code: 'SESSION_EXITED',
          closeCode: code,
          exitCode,
          message: `The remote Claude Code process exited with code ${exitCode}${reason === '' ? '' : `: ${reason}`}.`,
        }),
      };
    }
    const error = this.#socketError;
    return {
      error: new DirectConnectError({
        code: error !== undefined && code === 1006 ? 'SOCKET_ERROR' : 'ABNORMAL_CLOSE',
        closeCode: code,
        message: `The Direct Connect session ended abnormally (WebSocket close ${code}${reason === '' ? '' : `: ${reason}`}${error === undefined ? '' : `; ${error.message}`}). There is no reconnect: create a new session to go on.`,
        cause: error,
      }),
    };
  }

  async #shutdown(): Promise<void> {
    if (this.#state === 'idle') {
      this.#state = 'closed';
      this.#fireClose({});
      return;
    }
    if (this.#state === 'starting') {
      this.#abort.abort(closedError('close() was called while starting.'));
      await this.#startPromise?.catch(() => undefined);
    }
    if (this.#closeFired) return;
    const socket = this.#socket;
    if (socket === undefined) {
      this.#fireClose({});
      return;
    }
    this.#closedByUs = true;
    if (this.#options.deleteSessionOnClose) this.#deleteSession();
    socket.close(DIRECT_CONNECT_CLOSE_CODES.NORMAL);
    const timer = setTimeout(() => socket.terminate(), this.#options.closeTimeoutMs);
    await this.#closed.promise;
    clearTimeout(timer);
  }

  #deleteSession(): void {
    const session = this.#session;
    if (session === undefined) return;
    deleteRemoteSession({
      endpoint: this.#options.endpoint,
      sessionId: session.sessionId,
      headers: this.#options.headers,
      timeoutMs: this.#options.createTimeoutMs,
    });
  }

  #sendRefusal(): Error | undefined {
    if (this.#state === 'idle' || this.#state === 'starting') {
      return new DirectConnectError({
        code: 'NOT_STARTED',
        message: 'Call start() and await it before send().',
      });
    }
    if (this.#state === 'closed' || this.#closePromise !== undefined) {
      return closedError('The Direct Connect session is closed; messages can no longer be sent.');
    }
    if (this.#inputEnded) {
      return new DirectConnectError({
        code: 'INPUT_ENDED',
        message: 'endInput() was called; no more messages can be sent.',
      });
    }
    return undefined;
  }

  #write(frame: string): Promise<void> {
    const socket = this.#socket;
    if (socket === undefined || socket.readyState !== socket.OPEN) {
      return Promise.reject(closedError('The WebSocket is no longer open.'));
    }
    return new Promise((resolve, reject) => {
      socket.send(frame, (error) => {
        if (error)
          reject(closedError('Writing to the WebSocket failed; the session has probably ended.', error));
        else resolve();
      });
    });
  }

  #fireClose(info: TransportCloseInfo): void {
    if (this.#closeFired) return;
    this.#closeFired = true;
    this.#state = 'closed';
    this.#closed.resolve();
    try {
      this.onclose?.(info);
    } catch (error) {
      this.#report(error);
    }
  }

  #report(error: unknown): void {
    try {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // onerror is a sink of last resort; a failure inside it is dropped.
    }
  }
}

function wrapDecoderError(error: ControlProtocolError): DirectConnectError {
  const code =
    error.code === 'LINE_TOO_LONG'
      ? 'LINE_TOO_LONG'
      : error.code === 'HANDLER_FAILED'
        ? 'CALLBACK_FAILED'
        : 'MALFORMED_LINE';
  return new DirectConnectError({ code, message: error.message, cause: error });
}

function closedError(message: string, cause?: unknown): DirectConnectError {
  return new DirectConnectError({ code: 'TRANSPORT_CLOSED', message, cause });
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
