import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { refusalHeaders, reportRefusal } from './observability/refusal-hook.js';

/** Why a request body could not be read. */
export type BodyFailure = 'too-large' | 'aborted';

/** Reads a request body up to `maxBytes`; resolves with the failure instead past it. */
export function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | BodyFailure> {
  return new Promise((resolve) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      request.resume();
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    request.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      if (done) return;
      done = true;
      resolve(Buffer.concat(chunks));
    });
    request.on('error', () => {
      if (done) return;
      done = true;
      resolve('aborted');
    });
  });
}

/** Sends a JSON body with `status`. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** Sends the error body `{ error: { code, message } }`. */
export function sendError(
  response: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  reportRefusal(response, status, code);
  sendJson(response, status, { error: { code, message } }, headers);
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  503: 'Service Unavailable',
};

/**
 * Refuses a WebSocket upgrade with an HTTP status and the error body, then closes the socket.
 * `headers` are added to the answer (names and values must be plain header text).
 */
export function refuseUpgrade(
  socket: Duplex,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  reportRefusal(socket, status, code);
  const body = JSON.stringify({ error: { code, message } });
  const extra = {
    ...refusalHeaders(socket),
    ...(status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
    ...headers,
  };
  const lines = Object.entries(extra)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n${lines}Connection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The path of a request, without its query: what log entries name. A query may carry anything a
 * client put there (a token, even though no route takes one), so it never reaches a log.
 */
export function requestPath(request: IncomingMessage): string {
  try {
    return new URL(request.url ?? '/', 'http://server').pathname;
  } catch {
    return '(unparsable)';
  }
}
