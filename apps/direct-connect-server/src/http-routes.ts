import type { IncomingMessage, ServerResponse } from 'node:http';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import type { TokenVerifier } from './auth.js';
import type { SessionFactoryContext } from './create-session.js';
import { type CreateSessionOutcomeSink, handleCreateSession } from './handle-create-session.js';
import { sendError, sendJson } from './http-io.js';

/** What the HTTP routes need from the server. */
export interface RouteContext extends SessionFactoryContext {
  readonly verify: TokenVerifier;
  readonly startedAt: number;
  readonly version: string;
  /** True once shutdown began: new sessions are refused with 503. */
  readonly isShuttingDown: () => boolean;
  readonly onCreated: CreateSessionOutcomeSink;
}

const SESSION_PATH = /^\/sessions\/([^/]+)$/;

/**
 * Routes one HTTP request. Every route checks the bearer token first (401 with
 * `WWW-Authenticate: Bearer`):
 * - `GET /health`: status, live sessions, limit, uptime, version;
 * - `POST /sessions`: create (201) or find by `session_key` (200);
 * - `GET /sessions/:id`: describe (200/404);
 * - `DELETE /sessions/:id`: end it and wait until its process is gone (204/404).
 */
export async function routeRequest(
  context: RouteContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://server').pathname;
  const log = context.options.logger;
  if (!context.verify(request.headers.authorization)) {
    log({
      level: 'warn',
      event: 'auth.rejected',
      method: request.method,
      path,
      remote: request.socket.remoteAddress,
    });
    request.resume();
    sendError(response, 401, 'unauthorized', 'A valid bearer token is required.', {
      'www-authenticate': 'Bearer',
    });
    return;
  }
  if (path === '/health') {
    if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
    sendJson(response, 200, {
      status: context.isShuttingDown() ? 'shutting_down' : 'ok',
      sessions: context.registry.liveCount,
      max_sessions: context.options.maxSessions,
      uptime_ms: Date.now() - context.startedAt,
      version: context.version,
    });
    return;
  }
  if (path === '/sessions') {
    if (request.method !== 'POST') return methodNotAllowed(response, 'POST');
    if (context.isShuttingDown()) {
      request.resume();
      sendError(response, 503, 'shutting_down', 'The server is shutting down.');
      return;
    }
    await handleCreateSession(context, request, response, context.onCreated);
    return;
  }
  const match = SESSION_PATH.exec(path);
  const id = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
  const session = id === undefined ? undefined : context.registry.get(id);
  if (id === undefined || session === undefined) {
    request.resume();
    sendError(
      response,
      404,
      'not_found',
      id === undefined ? `No route for ${path}.` : `No session ${JSON.stringify(id)}.`,
    );
    return;
  }
  if (request.method === 'GET') {
    const info = session.info();
    sendJson(response, 200, {
      session_id: info.sessionId,
      work_dir: info.workDir,
      attached: info.attached,
      created_at: info.createdAt,
      ...(info.sessionKey === undefined ? {} : { session_key: info.sessionKey }),
    });
    return;
  }
  if (request.method === 'DELETE') {
    log({ level: 'info', event: 'session.delete_requested', sessionId: session.id });
    await session.end(DIRECT_CONNECT_CLOSE_CODES.SESSION_DELETED, 'session deleted');
    response.writeHead(204).end();
    return;
  }
  methodNotAllowed(response, 'GET, DELETE');
}

function methodNotAllowed(response: ServerResponse, allow: string): void {
  sendError(response, 405, 'method_not_allowed', `Use ${allow}.`, { allow });
}
