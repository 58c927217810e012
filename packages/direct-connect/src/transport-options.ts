import { DEFAULT_MAX_LINE_BYTES, MAX_TIMEOUT_MS } from '@ccsdk/control-protocol';
import {
  SESSION_CREATE_TIMEOUT_MS,
  WEBSOCKET_CLOSE_TIMEOUT_MS,
  WEBSOCKET_OPEN_TIMEOUT_MS,
} from './limits.js';
import {
  type DirectConnectEndpoint,
  parseDirectConnectUrl,
  redactDirectConnectUrl,
} from './parse-direct-connect-url.js';

/** Options of `DirectConnectTransport`. */
export interface DirectConnectTransportOptions {
  /** The server: a `cc://host:port/<token>` URL, or an endpoint from `parseDirectConnectUrl`. */
  url: string | DirectConnectEndpoint;
  /** Working directory of the session on the server (sent as `cwd`); the server confines it to its roots. */
  cwd?: string;
  /** Caller-chosen key sent as `session_key`; a server may use it to hand back an existing session. */
  sessionKey?: string;
  /** Permission mode of the remote CLI (sent as `permission_mode`), e.g. `default`, `acceptEdits`, `plan`. */
  permissionMode?: string;
  /** When true, a `close()` after the session was created sends a best-effort `DELETE /sessions/:id`. Default false. */
  deleteSessionOnClose?: boolean;
  /** Bound on the WebSocket opening, in ms. Default {@link WEBSOCKET_OPEN_TIMEOUT_MS} (15 s). */
  openTimeoutMs?: number;
  /** Bound on `POST /sessions`, in ms. Default {@link SESSION_CREATE_TIMEOUT_MS} (30 s). */
  createTimeoutMs?: number;
  /** Bound on the closing handshake, in ms. Default {@link WEBSOCKET_CLOSE_TIMEOUT_MS} (5 s). */
  closeTimeoutMs?: number;
  /** Largest line (one message) accepted from the server, in bytes. Default `DEFAULT_MAX_LINE_BYTES` (128 MiB). */
  maxLineBytes?: number;
  /** Extra HTTP headers for every request and the upgrade (e.g. for a proxy). `authorization` is set from the token. */
  headers?: Record<string, string>;
}

/** Options after validation, with defaults applied. */
export interface ResolvedTransportOptions {
  readonly endpoint: DirectConnectEndpoint;
  readonly body: { cwd?: string; session_key?: string; permission_mode?: string };
  readonly deleteSessionOnClose: boolean;
  readonly openTimeoutMs: number;
  readonly createTimeoutMs: number;
  readonly closeTimeoutMs: number;
  readonly maxLineBytes: number;
  readonly headers: Readonly<Record<string, string>>;
}

/** Validates every option eagerly; a bad one throws a `TypeError` quoting it (a bad URL a `DirectConnectError`). */
export function resolveTransportOptions(options: DirectConnectTransportOptions): ResolvedTransportOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`DirectConnectTransport expects an options object, got ${describe(options)}`);
  }
  const endpoint = resolveEndpoint(options.url);
  const body: ResolvedTransportOptions['body'] = {};
  if (options.cwd !== undefined) body.cwd = nonEmptyString('cwd', options.cwd);
  if (options.sessionKey !== undefined) body.session_key = nonEmptyString('sessionKey', options.sessionKey);
  if (options.permissionMode !== undefined) {
    body.permission_mode = nonEmptyString('permissionMode', options.permissionMode);
  }
  if (options.deleteSessionOnClose !== undefined && typeof options.deleteSessionOnClose !== 'boolean') {
    throw new TypeError(
      `deleteSessionOnClose must be a boolean, got ${describe(options.deleteSessionOnClose)}`,
    );
  }
  const headers: Record<string, string> = {};
  if (options.headers !== undefined) {
    if (typeof options.headers !== 'object' || options.headers === null || Array.isArray(options.headers)) {
      throw new TypeError(`headers must be an object of strings, got ${describe(options.headers)}`);
    }
    for (const [name, value] of Object.entries(options.headers)) {
      if (typeof value !== 'string')
        throw new TypeError(`headers.${name} must be a string, got ${describe(value)}`);
      if (name.toLowerCase() !== 'authorization') headers[name] = value;
    }
  }
  if (endpoint.token !== undefined) headers['authorization'] = `Bearer ${endpoint.token}`;
  return {
    endpoint,
    body,
    deleteSessionOnClose: options.deleteSessionOnClose === true,
    openTimeoutMs: integer(
      'openTimeoutMs',
      options.openTimeoutMs,
      WEBSOCKET_OPEN_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    createTimeoutMs: integer(
      'createTimeoutMs',
      options.createTimeoutMs,
      SESSION_CREATE_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    closeTimeoutMs: integer(
      'closeTimeoutMs',
      options.closeTimeoutMs,
      WEBSOCKET_CLOSE_TIMEOUT_MS,
      0,
      MAX_TIMEOUT_MS,
    ),
    maxLineBytes: integer(
      'maxLineBytes',
      options.maxLineBytes,
      DEFAULT_MAX_LINE_BYTES,
      1,
      Number.MAX_SAFE_INTEGER,
    ),
    headers,
  };
}

function resolveEndpoint(url: unknown): DirectConnectEndpoint {
  if (typeof url === 'string') return parseDirectConnectUrl(url);
  if (typeof url === 'object' && url !== null) {
    const endpoint = url as Partial<DirectConnectEndpoint>;
    if (typeof endpoint.httpUrl === 'string' && typeof endpoint.wsUrl === 'string') {
      return endpoint as DirectConnectEndpoint;
    }
  }
  throw new TypeError(
    `url must be a cc://host:port/<token> string or a parsed endpoint, got ${typeof url === 'string' ? JSON.stringify(redactDirectConnectUrl(url)) : describe(url)}`,
  );
}

function nonEmptyString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.includes('\0')) {
    throw new TypeError(`${name} must be a non-empty string without NUL bytes, got ${describe(value)}`);
  }
  return value;
}

function integer(name: string, value: unknown, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new TypeError(`${name} must be an integer from ${min} to ${max}, got ${describe(value)}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 120));
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined) return String(value);
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : typeof value;
}
