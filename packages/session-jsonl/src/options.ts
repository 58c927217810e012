import { join } from 'node:path';
import { resolveConfigDir } from './config-dir.js';
import { quote } from './ids.js';
import type { ConfigDirOption } from './types.js';

function fail(name: string, expected: string, value: unknown): never {
  throw new TypeError(`${name} must be ${expected}, got ${quote(value)}`);
}

/** Throws a `TypeError` unless `options` is absent or an object. */
export function checkOptionsObject(options: unknown): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) fail('options', 'an object', options);
  return options as Record<string, unknown>;
}

/** A non-empty string option, or `undefined`. */
export function optionalPath(options: Record<string, unknown>, name: string): string | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') fail(name, 'a non-empty path string', value);
  return value;
}

/** A boolean option with its default. */
export function optionalBoolean(options: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') fail(name, 'a boolean', value);
  return value;
}

/** The `dir` option: a path string; `''` (like absent) means every project. */
export function optionalDir(options: Record<string, unknown>): string | undefined {
  const value = options['dir'];
  if (value === undefined || value === '') return undefined;
  return optionalPath(options, 'dir');
}

/**
 * A numeric count option (`limit`, `offset`), leniently as the official SDK reads it: absent,
 * `null`, `NaN`, zero or negative all mean "none" (`undefined`); a fraction is kept as given, for
 * {@link paginate} and {@link paginateListing} to round; the text of a number (`'2'`, as a query
 * string gives it) counts as that number, as it does for the official SDK. Any other value is
 * refused (`TypeError`).
 */
export function optionalCount(options: Record<string, unknown>, name: string): number | undefined {
  const given = options[name];
  if (given === undefined || given === null) return undefined;
  const value = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
  if (typeof value !== 'number' || (typeof given === 'string' && Number.isNaN(value))) {
    fail(name, 'a number or the text of one', given);
  }
  return value > 0 ? value : undefined;
}

/** A function option, or `undefined`. */
export function optionalFunction<F>(options: Record<string, unknown>, name: string): F | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'function') fail(name, 'a function', value);
  return value as F;
}

/** `<config>/projects` for the call: from `options.configDir`, else the environment. */
export function projectsDirFor(options: ConfigDirOption): string {
  const configDir = options.configDir ?? resolveConfigDir();
  return join(configDir, 'projects');
}

/**
 * A message page: `offset` then `limit` (absent = no limit), as array slicing does it, so a
 * fraction rounds toward zero after the end is computed (`offset: 1.5, limit: 1.6` is items 1-2).
 */
export function paginate<T>(items: readonly T[], offset: number | undefined, limit: number | undefined): T[] {
  const start = offset ?? 0;
  return limit === undefined ? items.slice(start) : items.slice(start, start + limit);
}

/**
 * A listing page: skips `offset` rows, then takes rows until `limit` are taken, so a fraction
 * rounds up (`limit: 1.5` gives two rows, `offset: 0.5` skips one), as the official SDK's listing does.
 */
export function paginateListing<T>(
  items: readonly T[],
  offset: number | undefined,
  limit: number | undefined,
): T[] {
  const start = Math.ceil(offset ?? 0);
  return limit === undefined ? items.slice(start) : items.slice(start, start + Math.ceil(limit));
}
