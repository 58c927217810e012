import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { TestingError } from './errors.js';
import { type FakeMessagesApiOptions, resolveFakeMessagesApiOptions } from './fake-messages-api-options.js';
import { handleRequest } from './handle-request.js';
import { DEFAULT_WAIT_TIMEOUT_MS } from './limits.js';
import type { RecordedMessagesRequest, RecordedRequest } from './recorded-request.js';
import { RequestLog } from './request-log.js';
import { ScriptPlayer } from './script-player.js';

/** A running fake Anthropic Messages API on 127.0.0.1. */
export interface FakeMessagesApi extends AsyncDisposable {
  /** `http://127.0.0.1:<port>`: the value for `ANTHROPIC_BASE_URL`. */
  readonly url: string;
  readonly port: number;
  /** Every request in arrival order (messages, count_tokens, anything else), including refused ones. */
  readonly requests: readonly RecordedRequest[];
  /** True once a main request arrived after the array script ran out (it got "(script exhausted)"). */
  readonly scriptExhausted: boolean;
  /** Replies of an array script not yet consumed; `undefined` for a function script. */
  readonly remainingReplies: number | undefined;
  /**
   * Errors thrown by the script or the side reply, or bad replies they returned (each answered
   * with a 500), and errors thrown by `isMainRequest` (that request is then a side request).
   */
  readonly scriptErrors: readonly Error[];
  /** The recorded `POST /v1/messages` requests, main and side. */
  messageRequests(): RecordedMessagesRequest[];
  /** The recorded Messages requests the main-request rule counted as conversation turns. */
  mainRequests(): RecordedMessagesRequest[];
  /**
   * Resolves with the first request, already recorded or still to come, that matches.
   * Rejects with `TestingError` `WAIT_TIMEOUT` after `timeoutMs` (default
   * {@link DEFAULT_WAIT_TIMEOUT_MS}) or `SERVER_CLOSED` if the fake closes first.
   */
  waitForRequest(
    predicate: (request: RecordedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedRequest>;
  /** Stops listening, ends open connections and pending replies. Idempotent; later calls share the first promise. */
  close(): Promise<void>;
}

/** True when a recorded request is a `POST /v1/messages`, with the helper fields. */
export function isMessagesRequest(request: RecordedRequest): request is RecordedMessagesRequest {
  return request.kind === 'messages';
}

/**
 * Starts a scripted fake of the Anthropic Messages API on 127.0.0.1 (port 0 by default): it
 * answers `POST /v1/messages` (JSON or SSE), `POST /v1/messages/count_tokens`, `HEAD`/`GET
 * /api/hello`, 404 for anything else, and records every request. Options are validated before
 * anything listens (`TypeError`); a listen failure rejects with `TestingError` `LISTEN_FAILED`.
 */
export async function startFakeMessagesApi(options: FakeMessagesApiOptions): Promise<FakeMessagesApi> {
  const resolved = resolveFakeMessagesApiOptions(options);
  const player = new ScriptPlayer(resolved.script, resolved.sideReply);
  const log = new RequestLog();
  const scriptErrors: Error[] = [];
  const lifetime = new AbortController();
  const sockets = new Set<Socket>();
  const ctx = { options: resolved, player, log, scriptErrors, signal: lifetime.signal };
  const server = createServer((request, response) => {
    void handleRequest(ctx, request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const port = await listen(server, resolved.port);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      lifetime.abort();
      log.close();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    return closing;
  };
  const messageRequests = (): RecordedMessagesRequest[] => log.records.filter(isMessagesRequest);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: log.records,
    get scriptExhausted() {
      return player.exhausted;
    },
    get remainingReplies() {
      return player.remaining;
    },
    scriptErrors,
    messageRequests,
    mainRequests: () => messageRequests().filter((request) => request.isMain),
    waitForRequest: (predicate, timeoutMs = DEFAULT_WAIT_TIMEOUT_MS) => {
      if (typeof predicate !== 'function') {
        return Promise.reject(
          new TypeError(`waitForRequest() expects a predicate function, got ${typeof predicate}`),
        );
      }
      if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
        return Promise.reject(
          new TypeError(`waitForRequest() expects timeoutMs >= 0, got ${String(timeoutMs)}`),
        );
      }
      return log.waitFor(predicate, timeoutMs);
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) => {
      reject(
        new TestingError({
          code: 'LISTEN_FAILED',
          message: `The fake Messages API could not listen on 127.0.0.1:${port}: ${error.message}. Use port 0 for a free port.`,
          cause: error,
        }),
      );
    });
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}
