import { MAX_TIMEOUT_MS } from '@ccsdk/control-protocol';
import type { SessionStore } from '@ccsdk/session-store';
import { parseAllowedOrigins } from './browser-origin.js';
import type { CliLinkFactory } from './cli-link.js';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_PENDING_OUTPUT_BYTES,
  DEFAULT_MAX_REQUEST_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  ENDED_SESSION_RETENTION_MS,
  MAX_PENDING_AUTH_SOCKETS,
  MIN_TOKEN_CHARS,
  READINESS_STORE_PROBE_TIMEOUT_MS,
  WEBSOCKET_AUTH_DEADLINE_MS,
} from './limits.js';
import { createJsonLogger, type Logger, withSecretRedacted } from './logger.js';
import { withRequestIds } from './observability/request-context.js';
import type { SharedCliOptions } from './subprocess-cli-link.js';
import { DEFAULT_ATTACHED_IDLE_TIMEOUT_MS } from './tokens/token-limits.js';
import { DEFAULT_WARM_MAX_AGE_MS, MAX_WARM_SPARES } from './warm-pool/limits.js';

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
  /**
   * The bearer token every HTTP and WebSocket request must carry; at least {@link MIN_TOKEN_CHARS}
   * characters. It is one principal named `default` with no limit of its own. Give it or
   * `tokensFile`, not both.
   */
  token?: string;
  /**
   * A JSON file of named tokens, each with its own limits (see `parseTokensFile` and the README):
   * `{ "tokens": [ { "name": "team-a", "token": "...", "maxSessions": 10, "createsPerMinute": 30,
   * "createBurst": 5 } ] }`. A session belongs to the token that created it; another token gets
   * 404 for it. `reloadTokens()` (and `ccsdk serve` on SIGHUP) reads it again.
   */
  tokensFile?: string;
  /**
   * How long a session whose client is attached may go without a line either way, outside a turn,
   * in ms; past it the session ends with close code 4408, reason `idle timeout (client attached)`.
   * Default {@link DEFAULT_ATTACHED_IDLE_TIMEOUT_MS}.
   */
  attachedIdleTimeoutMs?: number;
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
  /**
   * Longest `drain()` lets running turns go on when it is not given a `timeoutMs`, in ms; 0
   * ends every session at once. Default {@link DEFAULT_DRAIN_TIMEOUT_MS}.
   */
  drainTimeoutMs?: number;
  /**
   * Longest `/readyz` waits for the session store to answer its probe, in ms; a slower store is
   * reported `store_unreachable`. Default {@link READINESS_STORE_PROBE_TIMEOUT_MS}.
   */
  storeProbeTimeoutMs?: number;
  /**
   * Browser origins that may call the server (`--allow-origin`), each a bare origin exactly as a
   * browser sends it: `https://app.example.com`, `http://127.0.0.1:5173` (no path, no trailing
   * slash, no default port; anything else throws a `TypeError`). A request or WebSocket upgrade
   * whose `Origin` is not listed (`null` included) is refused 403 `origin_not_allowed`; one from a
   * listed origin gets CORS headers, and its WebSocket may authenticate with its first frame.
   * Requests without `Origin` (not from a browser) are not affected. Default: none.
   */
  allowedOrigins?: string[];
  /**
   * How long a WebSocket without an `Authorization` header has to send its auth frame, in ms;
   * past it the socket is closed with 4402. Default {@link WEBSOCKET_AUTH_DEADLINE_MS}.
   */
  authDeadlineMs?: number;
  /**
   * Most WebSockets waiting for their auth frame at once; one more is refused 503. Default
   * {@link MAX_PENDING_AUTH_SOCKETS}.
   */
  maxPendingAuthSockets?: number;
  /**
   * Receives structured log entries. Default: JSON lines on stderr, level `info` and up. An entry
   * that would hold the token is replaced by `{ level, event, redacted: true }`.
   */
  logger?: Logger;
  /** Makes each session's process. Default: the real CLI through `SubprocessTransport`. */
  createCliLink?: CliLinkFactory;
  /**
   * Serve `GET /metrics` without the bearer token (`--metrics-public`), for a scraper that
   * cannot send one; the metrics hold counts and timings, never a session's content. Default
   * `false`: `/metrics` checks the token like every other route.
   */
  metricsPublic?: boolean;
  /**
   * Warm pool (`--warm`): how many parked Claude Code processes to keep ready for each spawn
   * configuration (permission mode, mirror) the server uses; a create claims one and the pool
   * refills in the background. 0 (the default) keeps none. At most `MAX_WARM_SPARES`.
   */
  warm?: number;
  /**
   * A spare older than this is replaced, in ms (`--warm-max-age`). Default
   * `DEFAULT_WARM_MAX_AGE_MS` (10 minutes).
   */
  warmMaxAgeMs?: number;
}

/** Options after validation, with defaults applied. */
export interface ResolvedServerOptions {
  readonly token: string | undefined;
  readonly tokensFile: string | undefined;
  readonly attachedIdleTimeoutMs: number;
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
  readonly drainTimeoutMs: number;
  readonly storeProbeTimeoutMs: number;
  readonly allowedPermissionModes: ReadonlySet<string>;
  readonly cli: SharedCliOptions;
  readonly sessionStore: SessionStore | undefined;
  readonly publicUrl: string | undefined;
  readonly allowedOrigins: ReadonlySet<string>;
  readonly authDeadlineMs: number;
  readonly maxPendingAuthSockets: number;
  readonly logger: Logger;
  readonly createCliLink: CliLinkFactory | undefined;
  readonly metricsPublic: boolean;
  readonly warm: number;
  readonly warmMaxAgeMs: number;
}

/** Validates every option eagerly; a bad one throws a `TypeError` quoting it. */
export function resolveServerOptions(options: DirectConnectServerOptions): ResolvedServerOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`startDirectConnectServer expects an options object, got ${describe(options)}`);
  }
  if (options.tokensFile !== undefined) {
    if (typeof options.tokensFile !== 'string' || options.tokensFile === '') {
      throw new TypeError(`tokensFile must be a file path, got ${describe(options.tokensFile)}`);
    }
    if (options.token !== undefined) throw new TypeError('give token or tokensFile, not both');
  } else if (
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
    tokensFile: options.tokensFile,
    attachedIdleTimeoutMs: integer(
      'attachedIdleTimeoutMs',
      options.attachedIdleTimeoutMs,
      DEFAULT_ATTACHED_IDLE_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
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
    drainTimeoutMs: integer(
      'drainTimeoutMs',
      options.drainTimeoutMs,
      DEFAULT_DRAIN_TIMEOUT_MS,
      0,
      MAX_TIMEOUT_MS,
    ),
    storeProbeTimeoutMs: integer(
      'storeProbeTimeoutMs',
      options.storeProbeTimeoutMs,
      READINESS_STORE_PROBE_TIMEOUT_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    allowedPermissionModes: new Set(modes),
    cli: options.cli ?? {},
    sessionStore: store,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    allowedOrigins: parseAllowedOrigins(options.allowedOrigins),
    authDeadlineMs: integer(
      'authDeadlineMs',
      options.authDeadlineMs,
      WEBSOCKET_AUTH_DEADLINE_MS,
      1,
      MAX_TIMEOUT_MS,
    ),
    maxPendingAuthSockets: integer(
      'maxPendingAuthSockets',
      options.maxPendingAuthSockets,
      MAX_PENDING_AUTH_SOCKETS,
      1,
      100_000,
    ),
    // Entries logged while a request is handled carry its requestId (kept by the redaction).
    // With a tokens file, the server wraps it with withSecretsRedacted once the file is read.
    logger: withRequestIds(
      options.token === undefined
        ? (options.logger ?? createJsonLogger())
        : withSecretRedacted(options.logger ?? createJsonLogger(), options.token),
    ),
    createCliLink: options.createCliLink,
    metricsPublic: flag('metricsPublic', options.metricsPublic),
    warm: integer('warm', options.warm, 0, 0, MAX_WARM_SPARES),
    warmMaxAgeMs: integer('warmMaxAgeMs', options.warmMaxAgeMs, DEFAULT_WARM_MAX_AGE_MS, 1, MAX_TIMEOUT_MS),
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

function flag(name: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new TypeError(`${name} must be a boolean, got ${describe(value)}`);
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
  if (Array.isArray(value)) return `[${value.map(describe).join(', ')}]`;
  return typeof value;
}
