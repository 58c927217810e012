import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * True for a subkey that can be written under a session folder: a non-empty relative `/`-path
 * without empty, `.` or `..` segments, backslashes, drive letters or NUL, that resolves inside
 * `sessionDir`.
 */
export function isSafeSubpath(subpath: unknown, sessionDir: string): subpath is string {
  if (typeof subpath !== 'string' || subpath === '' || subpath.includes('\0') || subpath.includes('\\'))
    return false;
  if (isAbsolute(subpath) || /^[A-Za-z]:/.test(subpath)) return false;
  if (subpath.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
  const rel = relative(sessionDir, resolve(sessionDir, `${subpath}.jsonl`));
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}
