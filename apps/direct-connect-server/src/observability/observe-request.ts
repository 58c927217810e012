import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import { requestPath } from '../http-io.js';
import { watchRefusals } from './refusal-hook.js';
import { runWithRequestId } from './request-context.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { reasonLabel, routeLabel } from './route-label.js';
import type { ServerMetrics } from './server-metrics.js';

type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;
type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Wraps the server's request handler: the request gets its id (the client's well-formed
 * `x-request-id`, else a new one, see `requestIdOf`), echoed in the `x-request-id` response
 * header and carried by every entry logged while it is handled; every refusal sent on it is
 * counted in `ccsdk_serve_refusals_total{route,status,reason}`, and those of `POST /sessions` in
 * `ccsdk_serve_sessions_refused_total{reason}` as well.
 */
export function observeRequest(metrics: ServerMetrics, handle: RequestHandler): RequestHandler {
  return (request, response) => {
    const requestId = requestIdOf(request.headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, requestId);
    const route = routeLabel(requestPath(request));
    const createsSession = route === '/sessions' && request.method === 'POST';
    watchRefusals(response, (status, code) => {
      metrics.refusal(route, status, code);
      if (createsSession) metrics.sessionRefused(code);
    });
    runWithRequestId(requestId, () => handle(request, response));
  };
}

/**
 * Wraps the server's upgrade handler as {@link observeRequest} wraps requests: the id is sent
 * back in the `101` answer and in every refusal of the upgrade, entries logged while it is
 * handled (and by the session socket it attaches) carry it, and each refusal is counted.
 */
export function observeUpgrade(
  metrics: ServerMetrics,
  wss: WebSocketServer,
  handle: UpgradeHandler,
): UpgradeHandler {
  const ids = new WeakMap<IncomingMessage, string>();
  wss.on('headers', (headers: string[], request: IncomingMessage) => {
    const requestId = ids.get(request);
    if (requestId !== undefined) headers.push(`X-Request-Id: ${requestId}`);
  });
  return (request, socket, head) => {
    const requestId = requestIdOf(request.headers[REQUEST_ID_HEADER]);
    ids.set(request, requestId);
    const route = routeLabel(requestPath(request));
    watchRefusals(socket, (status, code) => metrics.refusal(route, status, reasonLabel(code)), {
      'X-Request-Id': requestId,
    });
    runWithRequestId(requestId, () => handle(request, socket, head));
  };
}

/**
 * Puts {@link observeRequest} and {@link observeUpgrade} around every `request` and `upgrade`
 * listener `server` has now (install them first), and counts each WebSocket `wss` accepts in
 * `ccsdk_serve_websocket_connections_opened_total`.
 */
export function observeServer(server: Server, metrics: ServerMetrics, wss: WebSocketServer): void {
  const requestListeners = server.listeners('request') as RequestHandler[];
  server.removeAllListeners('request');
  for (const listener of requestListeners) server.on('request', observeRequest(metrics, listener));
  const upgradeListeners = server.listeners('upgrade') as UpgradeHandler[];
  server.removeAllListeners('upgrade');
  for (const listener of upgradeListeners) server.on('upgrade', observeUpgrade(metrics, wss, listener));
  wss.on('connection', () => metrics.webSocketOpened());
}
