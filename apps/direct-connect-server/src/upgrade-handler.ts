import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import type { WebSocket, WebSocketServer } from 'ws';
import type { TokenVerifier } from './auth.js';
import { judgeOrigin, originForLog } from './browser-origin.js';
import type { FirstFrameAuthGate } from './first-frame-auth.js';
import type { HostedSession } from './hosted-session.js';
import { refuseUpgrade, requestPath } from './http-io.js';
import { RETRY_AFTER_SECONDS } from './limits.js';
import type { Logger } from './logger.js';
import type { SessionRegistry } from './session-registry.js';
import { ownedSession } from './tokens/session-owner.js';

const WS_PATH = /^\/sessions\/([^/]+)\/ws$/;

/** What the upgrade handler needs from the server. */
export interface UpgradeHandlerParams {
  readonly verify: TokenVerifier;
  /** Browser origins that may connect; an upgrade with another `Origin` is refused 403. */
  readonly allowedOrigins: ReadonlySet<string>;
  /** Holds the sockets that authenticate with their first frame. */
  readonly firstFrameAuth: FirstFrameAuthGate;
  readonly registry: SessionRegistry;
  readonly wss: WebSocketServer;
  readonly log: Logger;
  readonly isShuttingDown: () => boolean;
  /**
   * Called for a WebSocket that was accepted and then closed instead of attached (after a
   * first-frame auth: shutting down, no such session, busy; either way: the session is read over
   * SSE), with the close code and the reason as an error code, so the refusal is counted.
   */
  readonly onClosedAtAttach: (closeCode: number, reason: string) => void;
}

/**
 * Handles an HTTP upgrade to `/sessions/:id/ws`:
 * - an `Origin` that is not on the allow-list (`null` included): 403 `origin_not_allowed`, before
 *   anything else is looked at;
 * - no `Authorization` header and an allowed `Origin` (a browser, which cannot set headers): the
 *   socket is accepted and must authenticate with its first frame ({@link FirstFrameAuthGate});
 *   only then is the session looked up (close 4400 when there is none, 4409 when busy). 404
 *   before the upgrade for a path that is not a session's socket, 503 + `Retry-After` while too
 *   many sockets are waiting for their first frame or while the server shuts down;
 * - otherwise the header decides, as for every route: 401 without the right bearer token, 404
 *   for another path, an unknown session or another token's session, 409 when a client is
 *   already attached; else the
 *   WebSocket is accepted and attached to the session.
 *
 * A `?token=` in the URL is never read: the query is not looked at, and log entries name the path.
 */
export function createUpgradeHandler(
  params: UpgradeHandlerParams,
): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (request, socket, head) => {
    socket.on('error', () => undefined);
    const path = requestPath(request);
    const remote = request.socket.remoteAddress;
    const origin = judgeOrigin(params.allowedOrigins, request);
    if (origin.kind === 'refused') {
      params.log({
        level: 'warn',
        event: 'origin.rejected',
        method: 'UPGRADE',
        path,
        origin: originForLog(origin.origin),
        remote,
      });
      refuseUpgrade(socket, 403, 'origin_not_allowed', 'This origin is not on the allow-list of the server.');
      return;
    }
    if (request.headers.authorization === undefined && origin.kind === 'allowed') {
      acceptForFirstFrameAuth(params, { request, socket, head, path, remote });
      return;
    }
    const principal = params.verify(request.headers.authorization);
    if (principal === undefined) {
      params.log({ level: 'warn', event: 'auth.rejected', method: 'UPGRADE', path, remote });
      refuseUpgrade(socket, 401, 'unauthorized', 'A valid bearer token is required.');
      return;
    }
    const session = sessionAt(params, path, principal);
    if (session === undefined || params.isShuttingDown()) {
      refuseUpgrade(socket, 404, 'not_found', `No session at ${path}.`);
      return;
    }
    if (session.attached) {
      refuseUpgrade(socket, 409, 'session_busy', 'Another client is attached to this session.');
      return;
    }
    params.wss.handleUpgrade(request, socket, head, (ws) => {
      params.wss.emit('connection', ws, request);
      attach(params, session, ws);
    });
  };
}

/** Attaches `ws` to `session`, counting the close of one the session refuses (read over SSE). */
function attach(params: UpgradeHandlerParams, session: HostedSession, ws: WebSocket): void {
  if (session.readOverSse)
    params.onClosedAtAttach(DIRECT_CONNECT_CLOSE_CODES.TRANSPORT_MISMATCH, 'transport_mismatch');
  session.attach(ws);
}

function acceptForFirstFrameAuth(
  params: UpgradeHandlerParams,
  upgrade: {
    request: IncomingMessage;
    socket: Duplex;
    head: Buffer;
    path: string;
    remote: string | undefined;
  },
): void {
  const { request, socket, head, path, remote } = upgrade;
  if (!WS_PATH.test(path)) {
    refuseUpgrade(socket, 404, 'not_found', `No session at ${path}.`);
    return;
  }
  const retry = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
  if (params.isShuttingDown()) {
    refuseUpgrade(socket, 503, 'shutting_down', 'The server is shutting down.', retry);
    return;
  }
  if (!params.firstFrameAuth.hasRoom()) {
    params.log({
      level: 'warn',
      event: 'auth.pending_limit',
      path,
      remote,
      pending: params.firstFrameAuth.pendingCount,
    });
    refuseUpgrade(
      socket,
      503,
      'too_many_pending_auth',
      'Too many connections are waiting to authenticate; try again shortly.',
      retry,
    );
    return;
  }
  params.wss.handleUpgrade(request, socket, head, (ws) => {
    params.wss.emit('connection', ws, request);
    params.firstFrameAuth.admit(ws, socket, { path, remote }, (authenticated, principal) =>
      attachAfterFirstFrame(params, path, authenticated, principal),
    );
  });
}

/** Runs inside the auth frame's message handler: the session's listener must be on before it returns. */
function attachAfterFirstFrame(
  params: UpgradeHandlerParams,
  path: string,
  ws: WebSocket,
  principal: string,
): void {
  const close = (code: number, reason: string, message: string): void => {
    params.onClosedAtAttach(code, reason);
    ws.close(code, message);
  };
  if (params.isShuttingDown()) {
    close(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, 'shutting_down', 'server shutting down');
    return;
  }
  const session = sessionAt(params, path, principal);
  if (session === undefined) {
    close(DIRECT_CONNECT_CLOSE_CODES.SESSION_NOT_FOUND, 'not_found', 'session not found');
    return;
  }
  if (session.attached) {
    close(DIRECT_CONNECT_CLOSE_CODES.SESSION_BUSY, 'session_busy', 'another client is attached');
    return;
  }
  attach(params, session, ws);
}

/** The session at `path`, when `principal` owns it: another token's session is not there for it. */
function sessionAt(params: UpgradeHandlerParams, path: string, principal: string): HostedSession | undefined {
  const match = WS_PATH.exec(path);
  if (match?.[1] === undefined) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
  return ownedSession(params.registry.get(id), principal);
}
