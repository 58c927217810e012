import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSession, type SessionFactoryContext } from './create-session.js';
import { isRefusal, parseCreateSessionRequest } from './create-session-request.js';
import type { HostedSession } from './hosted-session.js';
import { readBody, sendError, sendJson } from './http-io.js';
import { DEFAULT_TOKEN_NAME } from './tokens/token-limits.js';

/** Told about each created session (the server tracks them for shutdown). */
export type CreateSessionOutcomeSink = (session: HostedSession) => void;

/**
 * `POST /sessions`: reads the body (413 past the limit), validates it (400/403), creates the
 * session for `principal` (the name of the request's token) and answers
 * `{ session_id, ws_url, work_dir, session_key? }`: 201 when created, 200 when a live session of
 * that token with the same `session_key` was found.
 */
export async function handleCreateSession(
  context: SessionFactoryContext,
  request: IncomingMessage,
  response: ServerResponse,
  onCreated: CreateSessionOutcomeSink,
  principal: string = DEFAULT_TOKEN_NAME,
): Promise<void> {
  const { options } = context;
  const body = await readBody(request, options.maxRequestBodyBytes);
  if (body === 'too-large') {
    sendError(response, 413, 'body_too_large', `The body passed ${options.maxRequestBodyBytes} bytes.`, {
      connection: 'close',
    });
    return;
  }
  if (body === 'aborted') return;
  const parsed = parseCreateSessionRequest(body, options.allowedPermissionModes);
  if (isRefusal(parsed)) {
    sendError(response, parsed.status, parsed.code, parsed.message);
    return;
  }
  const outcome = await createSession(context, parsed, principal);
  if (outcome.kind === 'refused') {
    options.logger({
      level: 'warn',
      event: 'session.create_refused',
      status: outcome.status,
      code: outcome.code,
      principal,
    });
    sendError(response, outcome.status, outcome.code, outcome.message, outcome.headers);
    return;
  }
  const { session } = outcome;
  if (outcome.kind === 'created') {
    onCreated(session);
    options.logger({
      level: 'info',
      event: 'session.created',
      sessionId: session.id,
      workDir: session.workDir,
      principal,
    });
  }
  sendJson(response, outcome.kind === 'created' ? 201 : 200, {
    session_id: session.id,
    ws_url: `${webSocketBase(request, options.publicUrl)}/sessions/${session.id}/ws`,
    work_dir: session.workDir,
    ...(session.key === undefined ? {} : { session_key: session.key }),
  });
}

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** `publicUrl`, else `ws://` plus the request's `Host` (when it is a plain host[:port]), else the socket's address. */
function webSocketBase(request: IncomingMessage, publicUrl: string | undefined): string {
  if (publicUrl !== undefined) return publicUrl;
  const host = request.headers.host;
  if (host !== undefined && HOST_HEADER.test(host)) return `ws://${host}`;
  const address = request.socket.localAddress ?? '127.0.0.1';
  const shown = address.includes(':') ? `[${address}]` : address;
  return `ws://${shown}:${request.socket.localPort ?? 0}`;
}
