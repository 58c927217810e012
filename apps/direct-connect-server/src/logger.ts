/** Severity of a log entry. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** One structured log entry: an event name and flat fields. Tokens never appear in entries. */
export interface LogEntry {
  /** How severe it is. */
  readonly level: LogLevel;
  /** Dotted event name, e.g. `session.created`, `auth.rejected`. */
  readonly event: string;
  readonly [field: string]: unknown;
}

/** Receives every log entry. */
export type Logger = (entry: LogEntry) => void;

/** A logger that drops everything. */
export const silentLogger: Logger = () => undefined;

export { createJsonLogger } from './observability/json-logger.js';
export { withSecretRedacted, withSecretsRedacted } from './observability/secret-redaction.js';
