import type { IncomingMessage, ServerResponse } from 'node:http';
import { judgeOrigin, originForLog } from './browser-origin.js';
import { requestPath, sendError } from './http-io.js';
import { CORS_PREFLIGHT_MAX_AGE_SECONDS } from './limits.js';
import type { Logger } from './logger.js';

/** Methods a browser may use cross-origin: those the routes answer. */
export const CORS_ALLOWED_METHODS: readonly string[] = ['GET', 'POST', 'DELETE'];

/**
 * Request headers a browser may send cross-origin, each one because something reads or sends it:
 * - `authorization`: the bearer token every route checks;
 * - `content-type`: the JSON bodies of `POST /sessions` and `POST /sessions/:id/events`;
 * - `last-event-id`: the resume cursor of `GET /sessions/:id/events/stream`;
 * - `anthropic-client-platform`, `anthropic-version`: the official browser client sends them on
 *   its SSE requests; the server ignores them, but a preflight that did not allow them would make
 *   the browser block those requests;
 * - `x-request-id`: a page's own id for the request, kept on the server's log lines for it.
 */
export const CORS_ALLOWED_HEADERS: readonly string[] = [
  'authorization',
  'content-type',
  'last-event-id',
  'anthropic-client-platform',
  'anthropic-version',
  'x-request-id',
];

/**
 * Response headers a page may read besides the CORS-safelisted ones: when to retry a 503/429,
 * and the request id the server logged the request under (to quote in a bug report).
 */
export const CORS_EXPOSED_HEADERS: readonly string[] = ['retry-after', 'x-request-id'];

/** What {@link applyBrowserPolicy} did: answered the request itself, or left it to the routes. */
export type BrowserPolicyOutcome = 'answered' | 'continue';

/**
 * The browser rules every HTTP request passes before it is routed:
 * - no `Origin` header (not a browser): nothing to do;
 * - an `Origin` not on the allow-list (`null` included): 403 `origin_not_allowed`, before the
 *   token is looked at;
 * - a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed origin:
 *   answered here, without a token: 204 with the allowed methods, headers and
 *   {@link CORS_PREFLIGHT_MAX_AGE_SECONDS}, or 405 for a method no route answers;
 * - any other request from an allowed origin: `access-control-allow-origin` (that origin),
 *   `vary: origin` and `access-control-expose-headers` are set on the response before routing,
 *   so every route's answer carries them, streams included.
 *
 * `access-control-allow-credentials` is never sent: the server takes no cookies, only the bearer
 * token a page sends explicitly.
 */
export function applyBrowserPolicy(
  allowedOrigins: ReadonlySet<string>,
  log: Logger,
  request: IncomingMessage,
  response: ServerResponse,
): BrowserPolicyOutcome {
  const verdict = judgeOrigin(allowedOrigins, request);
  if (verdict.kind === 'absent') return 'continue';
  if (verdict.kind === 'refused') {
    log({
      level: 'warn',
      event: 'origin.rejected',
      method: request.method,
      path: requestPath(request),
      origin: originForLog(verdict.origin),
      remote: request.socket.remoteAddress,
    });
    request.resume();
    sendError(response, 403, 'origin_not_allowed', 'This origin is not on the allow-list of the server.', {
      vary: 'origin',
    });
    return 'answered';
  }
  response.setHeader('access-control-allow-origin', verdict.origin);
  response.setHeader('vary', 'origin');
  const requestedMethod = request.headers['access-control-request-method'];
  if (request.method === 'OPTIONS' && requestedMethod !== undefined) {
    request.resume();
    if (!CORS_ALLOWED_METHODS.includes(requestedMethod)) {
      sendError(response, 405, 'method_not_allowed', `Use ${CORS_ALLOWED_METHODS.join(', ')}.`, {
        allow: CORS_ALLOWED_METHODS.join(', '),
      });
      return 'answered';
    }
    response.writeHead(204, {
      'access-control-allow-methods': CORS_ALLOWED_METHODS.join(', '),
      'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': String(CORS_PREFLIGHT_MAX_AGE_SECONDS),
    });
    response.end();
    return 'answered';
  }
  response.setHeader('access-control-expose-headers', CORS_EXPOSED_HEADERS.join(', '));
  return 'continue';
}
