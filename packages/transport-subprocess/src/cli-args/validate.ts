/** Renders a bad option value for an error message, without throwing on odd values. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return '[function]';
  if (typeof value === 'symbol') return value.toString();
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A `TypeError` naming the option, what it must be, and the value received. */
export function invalidOption(name: string, expected: string, value: unknown): TypeError {
  return new TypeError(`Invalid option ${name}: expected ${expected}, got ${describeValue(value)}`);
}

/** Throws unless `value` is a string that can travel on a command line (no NUL byte). */
export function checkString(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.includes('\0')) {
    throw invalidOption(name, 'a string without NUL bytes', value);
  }
  return value;
}

/**
 * Throws unless `value` is a non-empty string that does not start with `-`, so it cannot be read
 * as another flag (ids, names, models).
 */
export function checkToken(name: string, value: unknown): string {
  const text = checkString(name, value);
  if (text === '' || text.startsWith('-')) {
    throw invalidOption(name, 'a non-empty string that does not start with "-"', value);
  }
  return text;
}

/** Throws unless `value` is a boolean. */
export function checkBoolean(name: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalidOption(name, 'a boolean', value);
  return value;
}

/** Throws unless `value` is a positive safe integer. */
export function checkPositiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw invalidOption(name, 'a positive integer', value);
  }
  return value;
}

/** Throws unless `value` is a finite number greater than zero. */
export function checkPositiveNumber(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw invalidOption(name, 'a finite number greater than 0', value);
  }
  return value;
}

/** Throws unless `value` is one of `choices`. */
export function checkOneOf<const T extends string>(name: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw invalidOption(name, `one of ${choices.map((c) => JSON.stringify(c)).join(', ')}`, value);
  }
  return value as T;
}

/**
 * Throws unless `value` is an array of strings without NUL bytes. They are joined with commas into
 * one flag value, as the official SDK joins them: an item may hold commas of its own (a rule such
 * as `Bash(git diff:*,git log:*)`, which the CLI reads whole) and may be empty.
 */
export function checkListItems(name: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidOption(name, 'an array of strings', value);
  for (const item of value) {
    if (typeof item !== 'string' || item.includes('\0')) {
      throw invalidOption(`${name}[]`, 'a string without NUL bytes', item);
    }
  }
  return value as string[];
}

/**
 * A count (turns, tokens) as the flag value the CLI parses: a finite number, or a string of one,
 * passed as the official SDK passes it (the CLI decides what a fraction or a negative means).
 */
export function checkCount(name: string, value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value)) return value;
  throw invalidOption(name, 'a finite number', value);
}

/** Throws unless `value` is a plain object (not null, not an array). */
export function checkRecord(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidOption(name, 'an object', value);
  }
  return value as Record<string, unknown>;
}

/** `JSON.stringify` that turns a failure (cycle, BigInt) into a `TypeError` naming the option. */
export function toJsonText(name: string, value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) throw new Error('not serializable');
    return text;
  } catch (cause) {
    throw new TypeError(`Invalid option ${name}: it cannot be serialized as JSON (${String(cause)})`, {
      cause,
    });
  }
}

/** Throws unless `value` is a non-empty string without NUL bytes. */
export function checkNonEmpty(name: string, value: unknown): string {
  const text = checkString(name, value);
  if (text === '') throw invalidOption(name, 'a non-empty string', value);
  return text;
}
