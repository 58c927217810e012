import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MAX_SANITIZED_LENGTH_CHARS } from './limits.js';

/**
 * The CLI's portable string hash, over UTF-16 code units: `h = h * 31 + unit` in signed
 * 32-bit arithmetic, absolute value, base 36. `simpleHash('') === '0'`.
 */
export function simpleHash(text: string): string {
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    hash = ((hash << 5) - hash + text.charCodeAt(i)) | 0;
  }
  return Math.abs(hash).toString(36);
}

/**
 * Turns a path into a project folder name as the CLI does: every UTF-16 code unit outside
 * `[A-Za-z0-9]` becomes `-`. A result longer than {@link MAX_SANITIZED_LENGTH_CHARS} keeps its
 * first 200 characters and gets `-<simpleHash(path)>` appended.
 *
 * The CLI computes that suffix with another hash when it runs on Bun, so readers also accept any
 * folder that starts with the same 200 characters and a dash (the long-key prefix match).
 */
export function sanitizePath(path: string): string {
  const sanitized = path.replace(/[^a-zA-Z0-9]/g, '-');
  if (sanitized.length <= MAX_SANITIZED_LENGTH_CHARS) return sanitized;
  return `${sanitized.slice(0, MAX_SANITIZED_LENGTH_CHARS)}-${simpleHash(path)}`;
}

/** For a key that was shortened, the prefix any folder of the same project starts with; else `undefined`. */
export function longKeyPrefix(key: string): string | undefined {
  return key.length > MAX_SANITIZED_LENGTH_CHARS ? `${key.slice(0, MAX_SANITIZED_LENGTH_CHARS)}-` : undefined;
}

/**
 * Resolves `dir` to the path the CLI records: absolute, symlinks resolved as far as the path
 * exists (a removed worktree keeps its missing tail), then Unicode NFC.
 */
export async function canonicalizePath(dir: string): Promise<string> {
  return canonicalizePathSync(dir);
}

/** {@link canonicalizePath}, synchronously (one `realpath(3)` call, plus one per missing tail segment). */
export function canonicalizePathSync(dir: string): string {
  return realpathAsFarAsExists(resolve(dir)).normalize('NFC');
}

function realpathAsFarAsExists(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(realpathAsFarAsExists(parent), basename(path));
  }
}

/**
 * The project key (folder name under `<config>/projects`) the CLI uses for `dir`: canonical path,
 * then {@link sanitizePath}. `dir` defaults to the current working directory; a relative one is
 * resolved against it.
 */
export async function projectKeyForDirectory(dir?: string): Promise<string> {
  if (dir !== undefined && typeof dir !== 'string') {
    throw new TypeError(`dir must be a string path, got ${String(dir)}`);
  }
  return sanitizePath(canonicalizePathSync(dir ?? process.cwd()));
}
