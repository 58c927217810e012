import type { IncomingMessage, ServerResponse } from 'node:http';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import type { TokenVerifier } from './auth.js';
import type { SessionFactoryContext } from './create-session.js';
import { type CreateSessionOutcomeSink, handleCreateSession } from './handle-create-session.js';
import { sendError, sendJson } from './http-io.js';
import { RETRY_AFTER_SECONDS } from './limits.js';
import { serveMetrics } from './observability/metrics-route.js';
import type { Readiness } from './readiness.js';
import { handleEventStream } from './sse/event-stream-route.js';
import { handlePostEvent } from './sse/post-event-route.js';
import { ownedSession } from './tokens/session-owner.js';

/** What the HTTP routes need from the server. */
export interface RouteContext extends SessionFactoryContext {
  readonly verify: TokenVerifier;
  readonly startedAt: number;
  readonly version: string;
  /** True once shutdown began: new sessions are refused with 503. */
  readonly isShuttingDown: () => boolean;
  /** True once a drain began: new sessions are refused with 503 `draining`; attaches go on. */
  readonly isDraining: () => boolean;
  /** Whether the server takes new sessions now (`/readyz`). */
  readonly readiness: () => Promise<Readiness>;
  readonly onCreated: CreateSessionOutcomeSink;
}

const SESSION_PATH = /^\/sessions\/([^/]+)$/;
const EVENTS_PATH = /^\/sessions\/([^/]+)\/events(\/stream)?$/;

/**
 * Routes one HTTP request. Every route checks the bearer token first (401 with
 * `WWW-Authenticate: Bearer`); a session another token created answers 404, as one that does
 * not exist:
 * - `GET /health`: status, live sessions, limit, uptime, version;
 * - `GET /readyz`: 200 `{ready: true}` when new sessions are taken, else 503 `{ready: false, reasons}`;
 * - `GET /metrics`: the Prometheus metrics (without the token when `metricsPublic`);
 * - `POST /sessions`: create (201) or find by `session_key` (200);
 * - `GET /sessions/:id`: describe (200/404);
 * - `DELETE /sessions/:id`: end it and wait until its process is gone (204/404);
 * - `GET /sessions/:id/events/stream`: the session's SSE event stream;
 * - `POST /sessions/:id/events`: one event for the session's CLI, over SSE's other half.
 */
export async function routeRequest(
  context: RouteContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const path = new URL(request.url ?? '/', 'http://server').pathname;
  const log = context.options.logger;
  const metrics = context.metrics;
  if (path === '/metrics' && metrics !== undefined && context.options.metricsPublic) {
    request.resume();
    return serveMetrics(metrics, request.method, response);
  }
  const principal = context.verify(request.headers.authorization);
  if (principal === undefined) {
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
      status: context.isShuttingDown() ? 'shutting_down' : context.isDraining() ? 'draining' : 'ok',
      sessions: context.registry.liveCount,
      max_sessions: context.options.maxSessions,
      uptime_ms: Date.now() - context.startedAt,
      version: context.version,
    });
    return;
  }
  if (path === '/metrics' && metrics !== undefined) {
    request.resume();
    return serveMetrics(metrics, request.method, response);
  }
  if (path === '/readyz') {
    if (request.method !== 'GET') return methodNotAllowed(response, 'GET');
    const readiness = await context.readiness();
    sendJson(response, readiness.ready ? 200 : 503, {
      ready: readiness.ready,
      ...(readiness.ready ? {} : { reasons: readiness.reasons }),
      sessions: readiness.sessions,
      max_sessions: readiness.maxSessions,
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
    if (context.isDraining()) {
      request.resume();
      context.options.logger({
        level: 'info',
        event: 'session.create_refused',
        status: 503,
        code: 'draining',
      });
      sendError(
        response,
        503,
        'draining',
        'The server is draining; create the session on another instance.',
        {
          'retry-after': String(RETRY_AFTER_SECONDS),
        },
      );
      return;
    }
    await handleCreateSession(context, request, response, context.onCreated, principal);
    return;
  }
  const events = EVENTS_PATH.exec(path);
  if (events?.[1] !== undefined) {
    const id = decodeSegment(events[1]);
    const stream = events[2] !== undefined;
    if (request.method !== (stream ? 'GET' : 'POST'))
      return methodNotAllowed(response, stream ? 'GET' : 'POST');
    if (id === undefined || isOthers(context, id, principal)) {
      request.resume();
      sendError(response, 404, 'not_found', 'No such session.');
      return;
    }
    if (context.isShuttingDown()) {
      request.resume();
      sendError(response, 503, 'shutting_down', 'The server is shutting down.');
      return;
    }
    if (stream) await handleEventStream(context, request, response, id, principal);
    else await handlePostEvent(context, request, response, id);
    return;
  }
  const match = SESSION_PATH.exec(path);
  const id = match?.[1] === undefined ? undefined : decodeSegment(match[1]);
  const session = id === undefined ? undefined : ownedSession(context.registry.get(id), principal);
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

/** True when a session hosted here has this id and another token created it (it answers 404). */
function isOthers(context: RouteContext, id: string, principal: string): boolean {
  const hosted = context.registry.get(id);
  return hosted !== undefined && ownedSession(hosted, principal) === undefined;
}

/** A path segment decoded, or `undefined` when its escapes are malformed. */
function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

function methodNotAllowed(response: ServerResponse, allow: string): void {
  sendError(response, 405, 'method_not_allowed', `Use ${allow}.`, { allow });
}
