import {
  encodeJsonLine,
  JsonLinesDecoder,
  type Transport,
  type TransportCloseInfo,
} from '@ccsdk/control-protocol';
import { BrowserSdkError } from './browser-error.js';
import type { WebSocketOptions } from './browser-types.js';

/** The WebSocket close code of an orderly end (the server closes with it once the CLI exited). */
const NORMAL_CLOSURE = 1000;

/** `WebSocket.OPEN`, the ready state in which frames can be sent. */
const READY_STATE_OPEN = 1;

/** The part of the WHATWG `WebSocket` this transport uses. */
interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: string, listener: (event: never) => void): void;
}

type WebSocketConstructor = new (url: string, protocols?: string[], options?: unknown) => WebSocketLike;

/**
 * The browser's transport to a `ccsdk serve` session: the global `WebSocket` (no `ws` package),
 * speaking what the Direct Connect transport speaks — one JSON line per frame each way, the
 * server's frames decoded as one byte stream of lines, and the zero-byte frame for end of input.
 * With `authMessage` it is the first frame sent, before any line. `headers` reach only a
 * `WebSocket` that takes a third options argument (the `ws` package); a browser cannot set them.
 */
export class BrowserWebSocketTransport implements Transport {
  onmessage?: (message: unknown) => void;
  onerror?: (error: Error) => void;
  onclose?: (info: TransportCloseInfo) => void;
  readonly #options: WebSocketOptions;
  #socket: WebSocketLike | undefined;
  #closed = false;
  #inputEnded = false;
  #closedPromise: Promise<void> | undefined;
  #resolveClosed: () => void = () => {};
  readonly #decoder = new JsonLinesDecoder({
    onValue: (value) => this.onmessage?.(value),
    onError: (error) => this.onerror?.(error),
  });

  constructor(options: WebSocketOptions) {
    this.#options = options;
  }

  start(): Promise<void> {
    const Ctor = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (Ctor === undefined) {
      return Promise.reject(new BrowserSdkError('NO_WEBSOCKET', 'This runtime has no global WebSocket.'));
    }
    const headers = this.#options.headers;
    const socket =
      headers === undefined ? new Ctor(this.#options.url) : new Ctor(this.#options.url, [], { headers });
    socket.binaryType = 'arraybuffer';
    this.#socket = socket;
    this.#closedPromise = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    return new Promise((resolve, reject) => {
      let opened = false;
      socket.addEventListener('open', () => {
        opened = true;
        if (this.#options.authMessage !== undefined) socket.send(JSON.stringify(this.#options.authMessage));
        resolve();
      });
      socket.addEventListener('message', (event: { data: unknown }) => this.#receive(event.data));
      socket.addEventListener('close', (event: { code: number; reason: string }) => {
        const error =
          event.code === NORMAL_CLOSURE
            ? undefined
            : new BrowserSdkError(
                opened ? 'WEBSOCKET_CLOSED' : 'WEBSOCKET_FAILED',
                `The WebSocket closed with code ${event.code}${event.reason ? `: ${event.reason}` : ''}.`,
              );
        if (!opened)
          reject(error ?? new BrowserSdkError('WEBSOCKET_FAILED', 'The WebSocket closed before it opened.'));
        this.#finish(error);
      });
    });
  }

  async send(message: unknown): Promise<void> {
    this.#socketForSending().send(encodeJsonLine(message));
  }

  async endInput(): Promise<void> {
    if (this.#inputEnded || this.#closed) return;
    const socket = this.#socketForSending();
    this.#inputEnded = true;
    socket.send(new Uint8Array(0));
  }

  close(): Promise<void> {
    if (this.#socket === undefined) {
      this.#finish(undefined);
      return Promise.resolve();
    }
    if (!this.#closed) this.#socket.close(NORMAL_CLOSURE);
    return this.#closedPromise ?? Promise.resolve();
  }

  #socketForSending(): WebSocketLike {
    const socket = this.#socket;
    if (socket === undefined || this.#closed || socket.readyState !== READY_STATE_OPEN) {
      throw new BrowserSdkError('WEBSOCKET_CLOSED', 'The WebSocket is not open.');
    }
    if (this.#inputEnded)
      throw new BrowserSdkError('WEBSOCKET_CLOSED', 'endInput() was called; no more messages can be sent.');
    return socket;
  }

  #receive(data: unknown): void {
    if (typeof data === 'string') this.#decoder.write(data);
    else if (data instanceof ArrayBuffer) this.#decoder.write(new Uint8Array(data));
    else if (ArrayBuffer.isView(data))
      this.#decoder.write(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }

  #finish(error: Error | undefined): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#decoder.end();
    this.#resolveClosed();
    this.onclose?.(error === undefined ? {} : { error });
  }
}
