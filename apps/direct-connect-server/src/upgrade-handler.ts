import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { TokenVerifier } from './auth.js';
import { refuseUpgrade } from './http-io.js';
import type { Logger } from './logger.js';
import type { SessionRegistry } from './session-registry.js';

const WS_PATH = /^\/sessions\/([^/]+)\/ws$/;

/**
 * Handles an HTTP upgrade to `/sessions/:id/ws`: 401 without the right bearer token, 404 for
 * another path or an unknown session, 409 when a client is already attached; otherwise the
 * WebSocket is accepted and attached to the session.
 */
export function createUpgradeHandler(params: {
  verify: TokenVerifier;
  registry: SessionRegistry;
  wss: WebSocketServer;
  log: Logger;
  isShuttingDown: () => boolean;
}): (request: IncomingMessage, socket: Duplex, head: Buffer) => void {
  return (request, socket, head) => {
    socket.on('error', () => undefined);
    const path = new URL(request.url ?? '/', 'http://server').pathname;
    if (!params.verify(request.headers.authorization)) {
      params.log({
        level: 'warn',
        event: 'auth.rejected',
        method: 'UPGRADE',
        path,
        remote: request.socket.remoteAddress,
      });
      refuseUpgrade(socket, 401, 'unauthorized', 'A valid bearer token is required.');
      return;
    }
    const match = WS_PATH.exec(path);
    const session = match?.[1] === undefined ? undefined : params.registry.get(decodeURIComponent(match[1]));
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
      session.attach(ws);
    });
  };
}
