import type { IncomingMessage } from 'node:http';

/** Longest `Origin` quoted in a log entry, in characters; a longer header is cut. */
const MAX_LOGGED_ORIGIN_CHARS = 200;

/**
 * Validates the origins browsers may call the server from: each must be a bare `http://` or
 * `https://` origin exactly as a browser writes it in its `Origin` header (`scheme://host[:port]`,
 * lower case, no default port, no path, no trailing slash; `*` and `null` are refused). Throws a
 * `TypeError` quoting the bad entry and, when there is one, the form that would be accepted.
 */
export function parseAllowedOrigins(value: unknown, name = 'allowedOrigins'): ReadonlySet<string> {
  if (value === undefined) return new Set();
  if (!Array.isArray(value)) {
    throw new TypeError(`${name} must be an array of origins such as "https://app.example.com"`);
  }
  const origins = new Set<string>();
  for (const entry of value) origins.add(checkOrigin(entry, name));
  return origins;
}

function checkOrigin(entry: unknown, name: string): string {
  const quoted = typeof entry === 'string' ? JSON.stringify(entry.slice(0, 200)) : typeof entry;
  let url: URL | undefined;
  try {
    url = typeof entry === 'string' ? new URL(entry) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new TypeError(
      `${name}: each entry must be an http:// or https:// origin such as "https://app.example.com", got ${quoted}`,
    );
  }
  if (entry !== url.origin) {
    throw new TypeError(
      `${name}: ${quoted} is not a bare origin (scheme://host[:port], no path, no default port, lower case); write ${JSON.stringify(url.origin)}`,
    );
  }
  return url.origin;
}

/**
 * Where a request stands with the allow-list: `absent` (no `Origin` header: not a browser, goes
 * on as before), `allowed` (on the list) or `refused` (any other origin, `null` included).
 */
export type OriginVerdict =
  | { readonly kind: 'absent' }
  | { readonly kind: 'allowed'; readonly origin: string }
  | { readonly kind: 'refused'; readonly origin: string };

/** Judges a request's `Origin` header against the allow-list (an exact, case-sensitive match). */
export function judgeOrigin(allowed: ReadonlySet<string>, request: IncomingMessage): OriginVerdict {
  const origin = request.headers.origin;
  if (origin === undefined) return { kind: 'absent' };
  return allowed.has(origin) ? { kind: 'allowed', origin } : { kind: 'refused', origin };
}

/** An `Origin` as it may appear in a log entry: at most {@link MAX_LOGGED_ORIGIN_CHARS} characters. */
export function originForLog(origin: string): string {
  return origin.length > MAX_LOGGED_ORIGIN_CHARS ? `${origin.slice(0, MAX_LOGGED_ORIGIN_CHARS)}…` : origin;
}
