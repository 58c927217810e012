// The file-system side of extraction in one small module, so tests can stand in for Bun's embedded
// filesystem (which no Node process has).
import { chmodSync, lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Reads a whole file; under Bun this also reads a file embedded in the executable. */
export function readWholeFile(path: string): Buffer {
  return readFileSync(path);
}

/** The current user's id, or `undefined` where there is none (Windows). */
function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/**
 * Creates `folder` (mode 0700) if needed and checks that only the current user can write in it: a
 * real folder, not a link, owned by this user, with no permission for group or others. Returns why
 * not, or `undefined` when it is safe. Skipped where there are no user ids (Windows, whose
 * temporary folder is the user's own).
 */
export function ensurePrivateFolder(folder: string): string | undefined {
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const uid = currentUid();
  if (uid === undefined) return undefined;
  const stat = lstatSync(folder);
  if (!stat.isDirectory()) return `${folder} is not a folder`;
  if (stat.uid !== uid) return `${folder} belongs to another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0)
    return `${folder} can be written by other users (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}

/** True when `path` is a regular file (not a link) of the current user. */
export function isOwnFile(path: string): boolean {
  try {
    const stat = lstatSync(path);
    const uid = currentUid();
    return stat.isFile() && (uid === undefined || stat.uid === uid);
  } catch {
    return false;
  }
}

/**
 * Writes `bytes` to `path` as an executable file, atomically: to a temporary name beside it first,
 * then renamed, so a concurrent reader never sees half a file.
 */
export function writeExecutableFile(path: string, bytes: Uint8Array): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes, { mode: 0o755 });
  chmodSync(partial, 0o755);
  renameSync(partial, path);
}
