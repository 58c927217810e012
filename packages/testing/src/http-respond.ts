import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomId } from './ids.js';
import { formatSseEvent, type SseEvent } from './sse-events.js';

/** Sends a JSON body with a `request-id` header, as the API does. A HEAD request gets no body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed || response.headersSent) return;
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    'request-id': randomId('req_'),
    ...headers,
  });
  response.end(response.req.method === 'HEAD' ? undefined : payload);
}

/**
 * Streams SSE events, waiting `chunkDelayMs` between two of them, and honouring backpressure.
 * Stops quietly when the client goes away or `signal` aborts (the fake is closing).
 */
export async function streamSse(
  response: ServerResponse,
  events: readonly SseEvent[],
  chunkDelayMs: number,
  signal: AbortSignal,
): Promise<void> {
  if (response.destroyed) return;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'request-id': randomId('req_'),
  });
  response.flushHeaders();
  for (const [index, event] of events.entries()) {
    if (index > 0 && chunkDelayMs > 0 && !(await pause(chunkDelayMs, signal))) break;
    if (response.destroyed || signal.aborted) break;
    if (!response.write(formatSseEvent(event))) await drained(response, signal);
  }
  if (!response.destroyed) response.end();
}

/** Waits `ms`; resolves false when `signal` aborted the wait. */
export async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function drained(response: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
    signal.addEventListener('abort', done);
  });
}
