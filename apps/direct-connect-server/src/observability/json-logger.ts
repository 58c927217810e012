import { pino } from 'pino';
import type { Logger, LogLevel } from '../logger.js';

/** How deep an error's `cause` chain is written: 3 links say where a failure came from without a wall of text. */
const MAX_CAUSE_DEPTH = 3;

/**
 * A logger that writes one JSON object per line through pino to `write`, dropping entries below
 * `minLevel`: `level` (the name: `debug`, `info`, `warn`, `error`), `time` (ISO 8601), `event`
 * and the entry's fields. An error, as a field or a field's `cause`, is written as `{ name,
 * message, code?, cause? }`, with its `stack` only when `minLevel` is `debug`. Writes are
 * synchronous: a line is out before the call returns, so nothing is lost when the process exits.
 */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
  minLevel: LogLevel = 'info',
): Logger {
  const withStack = minLevel === 'debug';
  const sink = pino(
    {
      level: minLevel,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => write(line) },
  );
  return (entry) => {
    const { level, ...rest } = entry;
    if (!sink.isLevelEnabled(level)) return;
    const fields: Record<string, unknown> = rest;
    for (const [name, value] of Object.entries(fields)) {
      if (value instanceof Error) fields[name] = serializeError(value, withStack, 0);
    }
    sink[level](fields);
  };
}

/** An error as a log writes it. */
function serializeError(error: Error, withStack: boolean, depth: number): Record<string, unknown> {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(withStack && error.stack !== undefined ? { stack: error.stack } : {}),
    ...(cause instanceof Error && depth < MAX_CAUSE_DEPTH
      ? { cause: serializeError(cause, withStack, depth + 1) }
      : {}),
  };
}
