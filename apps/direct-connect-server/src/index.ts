/**
 * Public API of @ccsdk/direct-connect-server: host Claude Code sessions for Direct Connect
 * clients over HTTP and WebSocket. Everything listed here is public; nothing else is.
 */
export type { TokenVerifier } from './auth.js';
export { createTokenVerifier, generateToken } from './auth.js';
export type {
  CliLink,
  CliLinkExit,
  CliLinkFactory,
  CliLinkParams,
  TranscriptMirrorFrame,
} from './cli-link.js';
export type { DirectConnectServer } from './direct-connect-server.js';
export { startDirectConnectServer } from './direct-connect-server.js';
export type { DirectConnectServerErrorCode } from './errors.js';
export { DirectConnectServerError } from './errors.js';
export type { HostedSessionInfo } from './hosted-session.js';
export {
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
  MAX_SESSION_KEY_CHARS,
  MIN_TOKEN_CHARS,
  RETRY_AFTER_SECONDS,
  WEBSOCKET_PING_INTERVAL_MS,
} from './limits.js';
export type { LogEntry, Logger, LogLevel } from './logger.js';
export { createJsonLogger, silentLogger } from './logger.js';
export type { ServeCommandIo, ServeStore } from './serve-command.js';
export { runServeCommand, SERVE_TOKEN_ENV, SERVE_USAGE } from './serve-command.js';
export type { DirectConnectServerOptions } from './server-options.js';
export { DEFAULT_ALLOWED_PERMISSION_MODES } from './server-options.js';
export type { SharedCliOptions } from './subprocess-cli-link.js';
export { subprocessCliLinkFactory } from './subprocess-cli-link.js';
