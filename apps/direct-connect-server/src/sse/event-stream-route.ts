import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionFactoryContext } from '../create-session.js';
import { sendError } from '../http-io.js';
import type { SessionRegistry } from '../session-registry.js';
import { eventStoreFor, isServerSessionId } from './event-store.js';
import { isSseRefusal, parseStreamCursor, type SseRefusal } from './sse-cursor.js';
import { SSE_MAX_STREAMS_PER_SESSION } from './sse-limits.js';
import { streamStoredLog } from './stored-log-stream.js';

/**
 * `GET /sessions/:id/events/stream` (the bearer token is already checked): the cursor is read
 * (400 `invalid_cursor` / `cursor_session_mismatch`), then a session hosted here opens its SSE
 * channel (409 `transport_mismatch` while a WebSocket is attached, `cursor_ahead`,
 * `too_many_streams`) and streams; a session this server does not host is streamed from the
 * store (404 when the store has no log of it; at most `SSE_MAX_STREAMS_PER_SESSION` such
 * streams per session, else 429).
 */
export async function handleEventStream(
  context: SessionFactoryContext,
  request: IncomingMessage,
  response: ServerResponse,
  sessionId: string,
  principal: string,
): Promise<void> {
  request.resume();
  const { options } = context;
  const cursor = parseStreamCursor(request, sessionId);
  if (isSseRefusal(cursor)) return refuse(response, cursor);
  const session = context.registry.get(sessionId);
  if (session !== undefined) {
    const channel = session.openSse();
    if (isSseRefusal(channel)) return refuse(response, channel);
    const refused = channel.openStream(response, cursor);
    if (refused !== undefined) refuse(response, refused);
    else countStream(context, response);
    return;
  }
  const tails = tailCounts(context.registry);
  const open = tails.get(sessionId) ?? 0;
  if (open >= SSE_MAX_STREAMS_PER_SESSION) return refuse(response, tooManyStreams());
  if (!isServerSessionId(sessionId)) {
    return refuse(response, {
      status: 404,
      code: 'not_found',
      message: `No session ${JSON.stringify(sessionId)}.`,
    });
  }
  // Counted before the store is read, so a burst of requests cannot pass the cap.
  tails.set(sessionId, open + 1);
  const release = (): void => {
    const left = (tails.get(sessionId) ?? 1) - 1;
    if (left > 0) tails.set(sessionId, left);
    else tails.delete(sessionId);
  };
  const refused = await streamStoredLog({
    store: eventStoreFor(context),
    sessionId,
    principal,
    cursor,
    response,
    log: options.logger,
    maxPendingBytes: options.maxPendingOutputBytes,
    onClose: release,
  });
  if (refused === undefined) {
    countStream(context, response);
    return;
  }
  release();
  refuse(response, refused);
}

/** Counts an open stream in the SSE connection metrics until its answer closes. */
function countStream(context: SessionFactoryContext, response: ServerResponse): void {
  const metrics = context.metrics;
  if (metrics === undefined) return;
  metrics.sseOpened();
  if (response.destroyed || response.writableFinished) {
    metrics.sseClosed();
    return;
  }
  response.once('close', () => metrics.sseClosed());
}

const tailsByServer = new WeakMap<SessionRegistry, Map<string, number>>();

/** The streams of stored logs a server has open, by session id (capped as hosted ones are). */
function tailCounts(registry: SessionRegistry): Map<string, number> {
  let tails = tailsByServer.get(registry);
  if (tails === undefined) {
    tails = new Map();
    tailsByServer.set(registry, tails);
  }
  return tails;
}

function tooManyStreams(): SseRefusal {
  return {
    status: 429,
    code: 'too_many_streams',
    message: `The session has ${SSE_MAX_STREAMS_PER_SESSION} streams open already.`,
  };
}

/** Sends a refusal as `{ error: { code, message } }`. */
export function refuse(
  response: ServerResponse,
  refusal: SseRefusal,
  headers: Record<string, string> = {},
): void {
  sendError(response, refusal.status, refusal.code, refusal.message, headers);
}
