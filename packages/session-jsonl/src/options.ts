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

/** A non-negative integer option (a count), or `undefined`. */
export function optionalCount(options: Record<string, unknown>, name: string): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    fail(name, 'a non-negative integer', value);
  }
  return value;
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

/** Applies `offset` then `limit` (absent or 0 = no limit). */
export function paginate<T>(items: readonly T[], offset: number | undefined, limit: number | undefined): T[] {
  const start = offset ?? 0;
  return limit === undefined || limit === 0 ? items.slice(start) : items.slice(start, start + limit);
}
