import { DirectConnectError } from './errors.js';
import { exchange, HttpExchangeFailure } from './http-request.js';
import { ERROR_BODY_PREVIEW_CHARS, MAX_SESSION_RESPONSE_BYTES } from './limits.js';
import type { DirectConnectEndpoint } from './parse-direct-connect-url.js';
import { type DirectConnectSession, parseSessionResponse } from './session-response.js';

/** The body of `POST /sessions`, in the wire's snake_case. */
export interface CreateSessionBody {
  cwd?: string;
  session_key?: string;
  permission_mode?: string;
}

/**
 * `POST /sessions`: asks the server for a new session and validates the answer. Every failure is
 * a {@link DirectConnectError}: `SESSION_CREATE_FAILED`, `SESSION_CREATE_TIMEOUT`,
 * `SESSION_CREATE_REJECTED` (with `status`) or `MALFORMED_SESSION_RESPONSE`.
 */
export async function createRemoteSession(params: {
  endpoint: DirectConnectEndpoint;
  body: CreateSessionBody;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<DirectConnectSession> {
  const { endpoint } = params;
  let answer: { status: number; text: string };
  try {
    answer = await exchange({
      method: 'POST',
      url: `${endpoint.httpUrl}/sessions`,
      headers: params.headers,
      body: JSON.stringify(params.body),
      timeoutMs: params.timeoutMs,
      maxResponseBytes: MAX_SESSION_RESPONSE_BYTES,
      ...(params.signal === undefined ? {} : { signal: params.signal }),
    });
  } catch (error) {
    throw createFailure(error, endpoint, params.timeoutMs);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new DirectConnectError({
      code: 'SESSION_CREATE_REJECTED',
      status: answer.status,
      message: `POST ${endpoint.httpUrl}/sessions answered ${answer.status}: ${errorPreview(answer.text)}${hintFor(answer.status)}`,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch (cause) {
    throw new DirectConnectError({
      code: 'MALFORMED_SESSION_RESPONSE',
      message: `POST /sessions answered ${answer.status} with a body that is not JSON: ${JSON.stringify(answer.text.slice(0, ERROR_BODY_PREVIEW_CHARS))}`,
      cause,
    });
  }
  return parseSessionResponse(body, endpoint.wsUrl);
}

/**
 * `DELETE /sessions/:id`, best effort: not awaited by callers, status not checked, every error
 * swallowed (seed 000).
 */
export function deleteRemoteSession(params: {
  endpoint: DirectConnectEndpoint;
  sessionId: string;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
}): void {
  exchange({
    method: 'DELETE',
    url: `${params.endpoint.httpUrl}/sessions/${encodeURIComponent(params.sessionId)}`,
    headers: params.headers,
    timeoutMs: params.timeoutMs,
    maxResponseBytes: MAX_SESSION_RESPONSE_BYTES,
  }).catch(() => undefined);
}

function createFailure(
  error: unknown,
  endpoint: DirectConnectEndpoint,
  timeoutMs: number,
): DirectConnectError {
  const failure =
    error instanceof HttpExchangeFailure ? error.failure : { kind: 'network' as const, cause: error };
  switch (failure.kind) {
    case 'timeout':
      return new DirectConnectError({
        code: 'SESSION_CREATE_TIMEOUT',
        message: `POST ${endpoint.httpUrl}/sessions did not answer within ${timeoutMs} ms. Check that the server is up, or raise createTimeoutMs.`,
      });
    case 'too-large':
      return new DirectConnectError({
        code: 'MALFORMED_SESSION_RESPONSE',
        message: `The POST /sessions answer passed ${MAX_SESSION_RESPONSE_BYTES} bytes; this is not a Direct Connect server.`,
      });
    case 'aborted':
      return new DirectConnectError({
        code: 'SESSION_CREATE_FAILED',
        message: 'Creating the session was abandoned because the transport was closed.',
        cause: failure.cause,
      });
    default:
      return new DirectConnectError({
        code: 'SESSION_CREATE_FAILED',
        message: `Could not reach the Direct Connect server at ${endpoint.httpUrl}: ${messageOf(failure.cause)}`,
        cause: failure.cause,
      });
  }
}

/** The server's own error message when it sent `{ error: { message } }`, else the body's start. */
function errorPreview(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    const message = parsed.error?.message;
    if (typeof message === 'string') {
      const code = typeof parsed.error?.code === 'string' ? ` (${parsed.error.code})` : '';
      return `${message.slice(0, ERROR_BODY_PREVIEW_CHARS)}${code}`;
    }
  } catch {
    // Not JSON: quote the text itself.
  }
  return JSON.stringify(text.slice(0, ERROR_BODY_PREVIEW_CHARS));
}

function hintFor(status: number): string {
  if (status === 401) return '. Check the token in the cc:// URL.';
  if (status === 403) return '. The server refuses this request (e.g. a cwd outside its roots).';
  if (status === 503) return '. The server is at its session limit; try again later.';
  return '';
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
