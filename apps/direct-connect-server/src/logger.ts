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

const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * A logger that writes one JSON object per line (`time`, `level`, `event`, fields) to `write`,
 * dropping entries below `minLevel`.
 */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
  minLevel: LogLevel = 'info',
): Logger {
  const floor = LEVEL_RANK[minLevel];
  return (entry) => {
    if (LEVEL_RANK[entry.level] < floor) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), ...entry }, errorReplacer)}\n`);
  };
}

/** A logger that drops everything. */
export const silentLogger: Logger = () => undefined;

function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) };
  }
  return value;
}
