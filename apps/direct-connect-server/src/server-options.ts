import { MAX_TIMEOUT_MS } from '@ccsdk/control-protocol';
import type { SessionStore } from '@ccsdk/session-store';
import type { CliLinkFactory } from './cli-link.js';
import {
  DEFAULT_HOST,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_PENDING_OUTPUT_BYTES,
  DEFAULT_MAX_REQUEST_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  ENDED_SESSION_RETENTION_MS,
  MIN_TOKEN_CHARS,
} from './limits.js';
import { createJsonLogger, type Logger } from './logger.js';
import type { SharedCliOptions } from './subprocess-cli-link.js';

/** Permission modes a client may ask for unless `allowedPermissionModes` says otherwise. */
export const DEFAULT_ALLOWED_PERMISSION_MODES: readonly string[] = [
  'default',
  'acceptEdits',
  'plan',
  'dontAsk',
  'auto',
];

/** Options of `startDirectConnectServer`. */
export interface DirectConnectServerOptions {
  /** The bearer token every HTTP and WebSocket request must carry; at least {@link MIN_TOKEN_CHARS} characters. */
  token: string;
  /** Address to bind. Default {@link DEFAULT_HOST} (loopback). Binding another address exposes the server to that network. */
  host?: string;
  /** Port to bind; 0 picks a free one. Default 0. */
  port?: number;
  /** Folders sessions may run in; a requested `cwd` must resolve inside one. Default: this process's working directory. */
  roots?: string[];
  /** Most sessions alive at once. Default {@link DEFAULT_MAX_SESSIONS}. */
  maxSessions?: number;
  /** Largest message in either direction, in bytes. Default {@link DEFAULT_MAX_MESSAGE_BYTES}. */
  maxMessageBytes?: number;
  /** Largest `POST /sessions` body, in bytes. Default {@link DEFAULT_MAX_REQUEST_BODY_BYTES}. */
  maxRequestBodyBytes?: number;
  /** How long a session may go without a client, in ms. Default {@link DEFAULT_SESSION_IDLE_TIMEOUT_MS}. */
  sessionIdleTimeoutMs?: number;
  /** Most output bytes held for one session. Default {@link DEFAULT_MAX_PENDING_OUTPUT_BYTES}. */
  maxPendingOutputBytes?: number;
  /** Permission modes clients may request; others get 403. Default {@link DEFAULT_ALLOWED_PERMISSION_MODES} (no `bypassPermissions`). */
  allowedPermissionModes?: string[];
  /** CLI options shared by every session (model, tools, env, where the CLI is, ...). */
  cli?: SharedCliOptions;
  /**
   * Mirror every session's transcripts to this store (`--session-mirror`, frames coalesced by
   * `TranscriptMirrorBatcher`) and allow `resume` from it (`materializeResumeFromStore`).
   */
  sessionStore?: SessionStore;
  /** Base URL for the `ws_url` answers, e.g. `wss://claude.example.com`. Default: the request's `Host`. */
  publicUrl?: string;
  /**
   * Longest `close()` waits for the sessions to end, in ms. Default {@link DEFAULT_SHUTDOWN_TIMEOUT_MS}.
   */
  shutdownTimeoutMs?: number;
  /** Receives structured log entries. Default: JSON lines on stderr, level `info` and up. */
  logger?: Logger;
  /** Makes each session's process. Default: the real CLI through `SubprocessTransport`. */
  createCliLink?: CliLinkFactory;
}

/** Options after validation, with defaults applied. */
export interface ResolvedServerOptions {
  readonly token: string;
  readonly host: string;
  readonly port: number;
  readonly roots: readonly string[];
  readonly maxSessions: number;
  readonly maxMessageBytes: number;
  readonly maxRequestBodyBytes: number;
  readonly sessionIdleTimeoutMs: number;
  readonly maxPendingOutputBytes: number;
  readonly endedRetentionMs: number;
  readonly shutdownTimeoutMs: number;
  readonly allowedPermissionModes: ReadonlySet<string>;
  readonly cli: SharedCliOptions;
  readonly sessionStore: SessionStore | undefined;
  readonly publicUrl: string | undefined;
  readonly logger: Logger;
  readonly createCliLink: CliLinkFactory | undefined;
}

/** Validates every option eagerly; a bad one throws a `TypeError` quoting it. */
export function resolveServerOptions(options: DirectConnectServerOptions): ResolvedServerOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`startDirectConnectServer expects an options object, got ${describe(options)}`);
  }
  if (
    typeof options.token !== 'string' ||
    options.token.length < MIN_TOKEN_CHARS ||
    /\s/.test(options.token)
  ) {
    throw new TypeError(
      `token must be a string of at least ${MIN_TOKEN_CHARS} characters without whitespace, got ${options.token === undefined ? 'undefined' : `a ${typeof options.token} of length ${String((options.token as { length?: unknown })?.length)}`}`,
    );
  }
  const host = options.host ?? DEFAULT_HOST;
  if (typeof host !== 'string' || host === '')
    throw new TypeError(`host must be a non-empty string, got ${describe(host)}`);
  const roots = options.roots ?? [process.cwd()];
  if (!Array.isArray(roots) || roots.length === 0 || roots.some((r) => typeof r !== 'string' || r === '')) {
    throw new TypeError(`roots must be a non-empty array of folder paths, got ${describe(roots)}`);
  }
  const modes = options.allowedPermissionModes ?? DEFAULT_ALLOWED_PERMISSION_MODES;
  if (!Array.isArray(modes) || modes.some((m) => typeof m !== 'string' || m === '')) {
    throw new TypeError(`allowedPermissionModes must be an array of mode names, got ${describe(modes)}`);
  }
  const store = options.sessionStore;
  if (store !== undefined && (typeof store?.append !== 'function' || typeof store?.load !== 'function')) {
    throw new TypeError('sessionStore must have append(key, entries) and load(key) methods');
  }
  if (options.publicUrl !== undefined) checkPublicUrl(options.publicUrl);
  for (const name of ['logger', 'createCliLink'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') {
      throw new TypeError(`${name} must be a function, got ${describe(options[name])}`);
    }
  }
  if (options.cli !== undefined && (typeof options.cli !== 'object' || options.cli === null)) {
    throw new TypeError(`cli must be an object of CLI options, got ${describe(options.cli)}`);
  }
  return {
    token: options.token,
    host,
    port: integer('port', options.port, 0, 0, 65_535),
    roots,
    maxSessions: integer('maxSessions', options.maxSessions, DEFAULT_MAX_SESSIONS, 1, 100_000),
    maxMessageBytes: integer(
      'maxMessageBytes',
      options.maxMessageBytes,
      DEFAULT_MAX_MESSAGE_BYTES,
      1024,
      2 ** 31,
    ),
    maxRequestBodyBytes: integer(
      'maxRequestBodyBytes',
      options.maxRequestBodyBytes,
      DEFAULT_MAX_REQUEST_BODY_BYTES,
      64,
      2 ** 24,
    ),
    sessionIdleTimeoutMs: integer(
      'sessionIdleTimeoutMs',
      options.sessionIdleTimeoutMs,
      DEFAULT_SESSION_IDLE_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    maxPendingOutputBytes: integer(
      'maxPendingOutputBytes',
      options.maxPendingOutputBytes,
      DEFAULT_MAX_PENDING_OUTPUT_BYTES,
      1024,
      2 ** 31,
    ),
    endedRetentionMs: ENDED_SESSION_RETENTION_MS,
    shutdownTimeoutMs: integer(
      'shutdownTimeoutMs',
      options.shutdownTimeoutMs,
      DEFAULT_SHUTDOWN_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    allowedPermissionModes: new Set(modes),
    cli: options.cli ?? {},
    sessionStore: store,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    logger: options.logger ?? createJsonLogger(),
    createCliLink: options.createCliLink,
  };
}

function checkPublicUrl(value: unknown): void {
  let url: URL | undefined;
  try {
    url = typeof value === 'string' ? new URL(value) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'ws:' && url.protocol !== 'wss:')) {
    throw new TypeError(`publicUrl must be a ws:// or wss:// URL, got ${describe(value)}`);
  }
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
  if (Array.isArray(value)) return `[${value.map(describe).join(', ')}]`;
  return typeof value;
}
