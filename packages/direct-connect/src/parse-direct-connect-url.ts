import { DirectConnectError } from './errors.js';

/** Where a Direct Connect server is and how to authenticate to it. */
export interface DirectConnectEndpoint {
  /** Base URL for HTTP requests, e.g. `http://127.0.0.1:7411` (no trailing slash). */
  readonly httpUrl: string;
  /** Base URL for WebSockets, e.g. `ws://127.0.0.1:7411`. */
  readonly wsUrl: string;
  /** Host name or address; an IPv6 address keeps its brackets. */
  readonly host: string;
  /** TCP port. */
  readonly port: number;
  /** Bearer token (the URL path, percent-decoded); `undefined` when the path is empty. */
  readonly token: string | undefined;
}

const UNIX_SCHEME = 'cc+unix:';
const SCHEME = 'cc:';
const MAX_QUOTED_CHARS = 200;

/**
 * Parses a Direct Connect URL `cc://host:port/<token>` into HTTP and WebSocket endpoints and a
 * bearer token (the path, percent-decoded).
 *
 * - `cc+unix:///socket/path` is recognised and refused with code `UNSUPPORTED_TRANSPORT`.
 * - Anything else (another scheme, no host, no port, user info, a query or a fragment) is refused
 *   with code `INVALID_URL`; the message quotes the input with its token replaced by `<redacted>`.
 */
export function parseDirectConnectUrl(input: string): DirectConnectEndpoint {
  if (typeof input !== 'string') {
    throw invalid(`A Direct Connect URL must be a string, got ${typeof input}.`);
  }
  const trimmed = input.trim();
  if (trimmed.toLowerCase().startsWith(`${UNIX_SCHEME}//`)) {
    throw new DirectConnectError({
      code: 'UNSUPPORTED_TRANSPORT',
      message: `Unix-socket Direct Connect URLs are not supported yet: ${quote(trimmed)}. Use cc://host:port/<token>.`,
    });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch (cause) {
    throw invalid(`Not a URL: ${quote(trimmed)}. Expected cc://host:port/<token>.`, cause);
  }
  if (url.protocol !== SCHEME) {
    throw invalid(`Not a Direct Connect URL: ${quote(trimmed)}. Expected cc://host:port/<token>.`);
  }
  if (url.hostname === '') throw invalid(`The URL names no host: ${quote(trimmed)}.`);
  if (url.port === '' || url.port === '0') {
    throw invalid(`The URL names no port: ${quote(trimmed)}. Add one: cc://host:port/<token>.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid(
      `User info is not allowed in a Direct Connect URL: ${quote(trimmed)}. Put the token in the path.`,
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw invalid(`A query or fragment is not allowed in a Direct Connect URL: ${quote(trimmed)}.`);
  }
  let token: string;
  try {
    token = decodeURIComponent(rawPathOf(trimmed));
  } catch (cause) {
    throw invalid(`The token is not valid percent-encoding: ${quote(trimmed)}.`, cause);
  }
  const authority = `${url.hostname}:${url.port}`;
  return {
    httpUrl: `http://${authority}`,
    wsUrl: `ws://${authority}`,
    host: url.hostname,
    port: Number(url.port),
    token: token === '' ? undefined : token,
  };
}

/** Quotes a URL for an error message, with everything after the authority replaced by `<redacted>`. */
export function redactDirectConnectUrl(input: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/is.exec(input);
  if (match === null) return input.length > MAX_QUOTED_CHARS ? `${input.slice(0, MAX_QUOTED_CHARS)}…` : input;
  const [, authority = '', rest = ''] = match;
  const shown = authority.length > MAX_QUOTED_CHARS ? `${authority.slice(0, MAX_QUOTED_CHARS)}…` : authority;
  return rest === '' || rest === '/' ? `${shown}${rest}` : `${shown}/<redacted>`;
}

function quote(input: string): string {
  return JSON.stringify(redactDirectConnectUrl(input));
}

function invalid(message: string, cause?: unknown): DirectConnectError {
  return new DirectConnectError({ code: 'INVALID_URL', message, cause });
}

/**
 * The path of a `cc://` URL exactly as written, without its leading slash. Not `URL.pathname`:
 * that resolves dot segments, so a token `.` or `..` would silently become empty.
 */
function rawPathOf(input: string): string {
  const afterScheme = input.indexOf('//') + 2;
  const slash = input.indexOf('/', afterScheme);
  return slash === -1 ? '' : input.slice(slash + 1);
}
