import { DirectConnectError } from './errors.js';

/** What the transport keeps of a `POST /sessions` answer. */
export interface DirectConnectSession {
  /** The server's id of the session; `DELETE /sessions/:id` uses it. */
  readonly sessionId: string;
  /** Absolute `ws://`/`wss://` URL of the session's WebSocket. */
  readonly wsUrl: string;
  /** The folder the server runs the session in, when it said so. */
  readonly workDir: string | undefined;
}

/**
 * Validates a `POST /sessions` answer: `session_id` (non-empty string) and `ws_url` are required;
 * `work_dir` and `session_key` are optional strings (`session_key` is checked but not kept).
 * A relative `ws_url` is resolved against `wsBaseUrl`; an absolute one must be `ws:`/`wss:` on
 * the same host and port as `wsBaseUrl`, so the bearer token is never sent elsewhere. Anything
 * else throws `MALFORMED_SESSION_RESPONSE`.
 */
export function parseSessionResponse(body: unknown, wsBaseUrl: string): DirectConnectSession {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw malformed(`The POST /sessions answer is not a JSON object (got ${describe(body)}).`);
  }
  const record = body as Record<string, unknown>;
  const sessionId = record['session_id'];
  if (typeof sessionId !== 'string' || sessionId === '') {
    throw malformed(`The POST /sessions answer lacks a session_id string (got ${describe(sessionId)}).`);
  }
  const wsUrl = record['ws_url'];
  if (typeof wsUrl !== 'string' || wsUrl === '') {
    throw malformed(`The POST /sessions answer lacks a ws_url string (got ${describe(wsUrl)}).`);
  }
  for (const optional of ['work_dir', 'session_key'] as const) {
    const value = record[optional];
    if (value !== undefined && value !== null && typeof value !== 'string') {
      throw malformed(
        `The POST /sessions answer has a ${optional} that is not a string (got ${describe(value)}).`,
      );
    }
  }
  const workDir = record['work_dir'];
  return {
    sessionId,
    wsUrl: resolveWebSocketUrl(wsUrl, wsBaseUrl),
    workDir: typeof workDir === 'string' ? workDir : undefined,
  };
}

function resolveWebSocketUrl(wsUrl: string, wsBaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(wsUrl, wsBaseUrl);
  } catch (cause) {
    throw malformed(`The ws_url of the POST /sessions answer is not a URL: ${describe(wsUrl)}.`, cause);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw malformed(`The ws_url must be ws:// or wss://, got ${describe(url.protocol)}.`);
  }
  const base = new URL(wsBaseUrl);
  if (url.host !== base.host) {
    throw malformed(
      `The ws_url points at ${describe(url.host)}, not at the server ${describe(base.host)}; the bearer token is only sent to the server it belongs to.`,
    );
  }
  return url.href;
}

function malformed(message: string, cause?: unknown): DirectConnectError {
  return new DirectConnectError({ code: 'MALFORMED_SESSION_RESPONSE', message, cause });
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
