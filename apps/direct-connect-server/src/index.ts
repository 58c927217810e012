/**
 * Public API of @ccsdk/direct-connect-server: host Claude Code sessions for Direct Connect
 * clients over HTTP and WebSocket. Everything listed here is public; nothing else is.
 */
export type { RawTokenVerifier, TokenVerifier } from './auth.js';
export { createRawTokenVerifier, createTokenVerifier, generateToken } from './auth.js';
export { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS, CORS_EXPOSED_HEADERS } from './browser-cors.js';
export type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from './cli-link.js';
export { CLI_NICENESS, nodePrioritySystem, type PrioritySystem } from './cli-start-priority.js';
export type { DirectConnectServer } from './direct-connect-server.js';
export { startDirectConnectServer } from './direct-connect-server.js';
export { DRAIN_CLOSE_REASON } from './drain.js';
export type { DirectConnectServerErrorCode } from './errors.js';
export { DirectConnectServerError } from './errors.js';
export type { HostedSessionInfo } from './hosted-session.js';
export {
  CORS_PREFLIGHT_MAX_AGE_SECONDS,
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_MAX_MESSAGE_BYTES,
  DEFAULT_MAX_PENDING_OUTPUT_BYTES,
  DEFAULT_MAX_REQUEST_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SERVE_PORT,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  ENDED_SESSION_RETENTION_MS,
  GENERATED_TOKEN_BYTES,
  MAX_AUTH_FRAME_BYTES,
  MAX_PENDING_AUTH_SOCKETS,
  MAX_SESSION_KEY_CHARS,
  MIN_TOKEN_CHARS,
  MIRROR_MID_TURN_FLUSH_MS,
  READINESS_STORE_PROBE_CACHE_MS,
  READINESS_STORE_PROBE_TIMEOUT_MS,
  RETRY_AFTER_SECONDS,
  WEBSOCKET_AUTH_DEADLINE_MS,
  WEBSOCKET_PING_INTERVAL_MS,
} from './limits.js';
export type { LogEntry, Logger, LogLevel } from './logger.js';
export { createJsonLogger, silentLogger, withSecretRedacted, withSecretsRedacted } from './logger.js';
export { MAX_REQUEST_ID_CHARS } from './observability/observability-limits.js';
export { REQUEST_ID_HEADER } from './observability/request-id.js';
export type { PoolStats } from './observability/server-metrics.js';
export type { Readiness, ReadinessReason } from './readiness.js';
export { READINESS_PROBE_KEY } from './readiness-store-probe.js';
export type { ServeCommandIo, ServeStore } from './serve-command.js';
export { runServeCommand, SERVE_TOKEN_ENV, SERVE_USAGE } from './serve-command.js';
export type { DirectConnectServerOptions } from './server-options.js';
export { DEFAULT_ALLOWED_PERMISSION_MODES } from './server-options.js';
export type { SharedCliOptions } from './subprocess-cli-link.js';
export { LOWERED_START_HOLD_MS, subprocessCliLinkFactory } from './subprocess-cli-link.js';
export {
  ATTACHED_IDLE_CLOSE_REASON,
  DEFAULT_ATTACHED_IDLE_TIMEOUT_MS,
  DEFAULT_TOKEN_CREATE_BURST,
  DEFAULT_TOKEN_CREATES_PER_MINUTE,
  DEFAULT_TOKEN_NAME,
  MAX_TOKEN_CHARS,
  MAX_TOKEN_ENTRIES,
  MAX_TOKEN_LIMIT_VALUE,
  MAX_TOKEN_NAME_CHARS,
  MAX_TOKENS_FILE_BYTES,
} from './tokens/token-limits.js';
export type { TokensChange } from './tokens/token-registry.js';
export type { LoadedTokensFile, ServeTokenEntry } from './tokens/tokens-file.js';
export { parseTokensFile, readTokensFile } from './tokens/tokens-file.js';
export type { TokensFileErrorCode } from './tokens/tokens-file-error.js';
export { TokensFileError } from './tokens/tokens-file-error.js';
export {
  DEFAULT_WARM_MAX_AGE_MS,
  MAX_WARM_CONFIGURATIONS,
  MAX_WARM_SPARES,
  WARM_CLAIM_TIMEOUT_MS,
  WARM_REFILL_BACKOFF_MS,
  WARM_SPARE_START_TIMEOUT_MS,
} from './warm-pool/limits.js';
export type { WarmPoolStats } from './warm-pool/warm-pool.js';
