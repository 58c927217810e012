import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SessionFactoryContext } from '../create-session.js';
import { readBody, sendJson } from '../http-io.js';
import { parseClientEventBody } from './client-event-body.js';
import { eventLogKey, eventStoreFor, framesOfStoredLog, isServerSessionId } from './event-store.js';
import { refuse } from './event-stream-route.js';
import { isSseRefusal } from './sse-cursor.js';

/**
 * `POST /sessions/:id/events` (the bearer token is already checked): 404 unless the session
 * is hosted here (409 `session_ended` when the store says it ended), 413 `payload_too_large`
 * past `maxMessageBytes` (the body is read with that cap, never buffered past it), 400
 * `invalid_event` / `session_mismatch` for a bad body, 409 `transport_mismatch` while a
 * WebSocket is attached, else the channel's answer (200).
 */
export async function handlePostEvent(
  context: SessionFactoryContext,
  request: IncomingMessage,
  response: ServerResponse,
  sessionId: string,
): Promise<void> {
  const { options } = context;
  const session = context.registry.get(sessionId);
  if (session === undefined) {
    request.resume();
    const ended = await endedInStore(context, sessionId);
    return ended
      ? refuse(response, { status: 409, code: 'session_ended', message: 'The session has ended.' })
      : refuse(response, {
          status: 404,
          code: 'not_found',
          message: `No session ${JSON.stringify(sessionId)}.`,
        });
  }
  const body = await readBody(request, options.maxMessageBytes);
  if (body === 'aborted') return;
  if (body === 'too-large') {
    const message = `The body passed ${options.maxMessageBytes} bytes.`;
    return refuse(response, { status: 413, code: 'payload_too_large', message }, { connection: 'close' });
  }
  const parsed = parseClientEventBody(body, sessionId);
  if (isSseRefusal(parsed)) return refuse(response, parsed);
  const channel = session.openSse();
  if (isSseRefusal(channel)) return refuse(response, channel);
  const outcome = await channel.post(parsed);
  if (isSseRefusal(outcome)) return refuse(response, outcome);
  sendJson(response, 200, outcome);
}

async function endedInStore(context: SessionFactoryContext, sessionId: string): Promise<boolean> {
  if (!isServerSessionId(sessionId)) return false;
  try {
    const entries = await eventStoreFor(context).load(eventLogKey(sessionId));
    return entries !== null && framesOfStoredLog(sessionId, entries).some((frame) => frame.ends === true);
  } catch {
    return false;
  }
}
