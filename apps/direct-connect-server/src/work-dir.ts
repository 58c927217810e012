import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Where a requested working directory landed. */
export type WorkDirResult =
  | { readonly ok: true; readonly workDir: string }
  | { readonly ok: false; readonly reason: 'not-found' | 'not-a-directory' | 'outside-roots' };

/**
 * Resolves a requested working directory and confines it to the roots (which must already be
 * real paths). A relative path is taken from the first root; no path means the first root.
 * Symbolic links are followed before the check, so a link that points out of a root is refused.
 */
export async function confineWorkDir(
  requested: string | undefined,
  roots: readonly string[],
): Promise<WorkDirResult> {
  const first = roots[0];
  if (first === undefined) return { ok: false, reason: 'outside-roots' };
  const candidate = requested === undefined ? first : resolve(first, requested);
  let real: string;
  try {
    real = await realpath(candidate);
  } catch {
    // A path outside every root is refused as such even when it does not exist: do not leak existence.
    return isInsideAny(resolve(candidate), roots)
      ? { ok: false, reason: 'not-found' }
      : { ok: false, reason: 'outside-roots' };
  }
  if (!isInsideAny(real, roots)) return { ok: false, reason: 'outside-roots' };
  const info = await stat(real);
  if (!info.isDirectory()) return { ok: false, reason: 'not-a-directory' };
  return { ok: true, workDir: real };
}

/** True when `path` is `root` or below it, for one of the roots. */
export function isInsideAny(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const rel = relative(root, path);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
  });
}

/** Resolves each root to its real path; throws the first one that is missing or not a folder. */
export async function realRoots(roots: readonly string[]): Promise<string[]> {
  const result: string[] = [];
  for (const root of roots) {
    const real = await realpath(resolve(root)).catch((cause: unknown) => {
      throw Object.assign(new Error(`root ${JSON.stringify(root)} does not exist`), { cause, root });
    });
    if (!(await stat(real)).isDirectory()) {
      throw Object.assign(new Error(`root ${JSON.stringify(root)} is not a folder`), { root });
    }
    result.push(real);
  }
  return result;
}
