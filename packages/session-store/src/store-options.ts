import { canonicalizePath, sanitizePath } from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { quote } from './quote.js';

function fail(name: string, expected: string, value: unknown): never {
  throw new TypeError(`${name} must be ${expected}, got ${quote(value)}`);
}

/** Throws a `TypeError` unless `options` is absent or an object. */
export function optionsObject(options: unknown): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) fail('options', 'an object', options);
  return options as Record<string, unknown>;
}

/** A non-empty string option, or `undefined`. */
export function pathOption(options: Record<string, unknown>, name: string): string | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') fail(name, 'a non-empty path string', value);
  return value;
}

/**
 * A numeric count option (`limit`, `offset`), read as the disk readers read it: absent, `null`,
 * `NaN`, zero or negative mean none (`undefined`); a fraction is kept for the page to round; the
 * text of a number (`'2'`) counts as that number, as for the official SDK. Any other value is
 * refused (`TypeError`).
 */
export function countOption(options: Record<string, unknown>, name: string): number | undefined {
  const given = options[name];
  if (given === undefined || given === null) return undefined;
  const value = typeof given === 'string' && given.trim() !== '' ? Number(given) : given;
  if (typeof value !== 'number' || (typeof given === 'string' && Number.isNaN(value))) {
    fail(name, 'a number or the text of one', given);
  }
  return value > 0 ? value : undefined;
}

/** A boolean option with its default. */
export function booleanOption(options: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = options[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') fail(name, 'a boolean', value);
  return value;
}

/** A function option, or `undefined`. */
export function functionOption<F>(options: Record<string, unknown>, name: string): F | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'function') fail(name, 'a function', value);
  return value as F;
}

/** Refuses disk-only options on a store-backed call: `includeWorktrees` other than `true`, `configDir`. */
export function refuseDiskOnlyOptions(options: Record<string, unknown>): void {
  if (
    'includeWorktrees' in options &&
    options['includeWorktrees'] !== undefined &&
    options['includeWorktrees'] !== true
  ) {
    throw new SessionStoreError({
      code: 'UNSUPPORTED_OPTION',
      message: `includeWorktrees ${quote(options['includeWorktrees'])} has no meaning with a sessionStore (a store has no worktrees); leave it unset.`,
    });
  }
  if (options['configDir'] !== undefined) {
    throw new SessionStoreError({
      code: 'UNSUPPORTED_OPTION',
      message: 'configDir has no meaning with a sessionStore; the store is read instead of the config dir.',
    });
  }
}

/** The project a store-backed call works on: `dir` (default the current directory), canonical, and its key. */
export interface StoreProject {
  /** The canonical project path (the `cwd` fallback of listings). */
  readonly path: string;
  /** The project key: the CLI's folder name for the path. */
  readonly projectKey: string;
}

/** Resolves `dir` (default `process.cwd()`) to its canonical path and project key. */
export async function storeProject(dir: string | undefined): Promise<StoreProject> {
  const path = await canonicalizePath(dir ?? process.cwd());
  return { path, projectKey: sanitizePath(path) };
}
