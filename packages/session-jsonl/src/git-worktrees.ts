import { readdirSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { canonicalizePathSync } from './project-key.js';
import { readSmallFile } from './small-file.js';

const utf8 = new TextDecoder();

function readTrimmed(path: string): string | undefined {
  const bytes = readSmallFile(path);
  if (bytes === undefined) return undefined;
  const text = utf8.decode(bytes).trim();
  return text === '' ? undefined : text;
}

/** The stats of `path`, following symlinks; `undefined` when it is missing or unreadable (no exception built). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

interface GitLocation {
  /** The folder holding `.git`. */
  worktree: string;
  /** The repository's common git folder (objects, refs, `worktrees/`). */
  commonDir: string;
  /** True when `.git` is a directory or a file pointing outside `<common>/worktrees/`. */
  isMain: boolean;
}

function locateGit(start: string): GitLocation | undefined {
  for (let level = start; ; level = dirname(level)) {
    const dotGit = join(level, '.git');
    const stats = statOf(dotGit);
    if (stats?.isDirectory() === true) return { worktree: level, commonDir: dotGit, isMain: true };
    const pointer = stats?.isFile() === true ? readTrimmed(dotGit) : undefined;
    if (pointer?.startsWith('gitdir:')) {
      const gitDir = resolve(level, pointer.slice('gitdir:'.length).trim());
      const common = readTrimmed(join(gitDir, 'commondir'));
      if (common === undefined) return { worktree: level, commonDir: gitDir, isMain: true };
      return { worktree: level, commonDir: resolve(gitDir, common), isMain: false };
    }
    if (dirname(level) === level) return undefined;
  }
}

/**
 * The worktrees of the git repository that contains `dir`, main worktree first, then the linked
 * ones sorted by their administrative name; `[]` outside a repository.
 *
 * Reads `.git`, `commondir` and `worktrees/<name>/gitdir` directly instead of spawning git. A
 * worktree whose folder was removed but is still registered is listed, so its sessions stay
 * reachable. `dir` should be canonical (see {@link canonicalizePath}).
 */
export async function listGitWorktrees(dir: string): Promise<string[]> {
  return listGitWorktreesSync(dir);
}

/**
 * {@link listGitWorktrees}, synchronously: a handful of stats and reads of tiny files, cheaper
 * inline than as thread-pool round trips.
 */
export function listGitWorktreesSync(dir: string): string[] {
  const location = locateGit(dir);
  if (location === undefined) return [];
  const { commonDir } = location;
  const main = location.isMain
    ? location.worktree
    : basename(commonDir) === '.git'
      ? dirname(commonDir)
      : commonDir;
  const paths = [main];
  let names: string[] = [];
  try {
    names = readdirSync(join(commonDir, 'worktrees')).sort();
  } catch {
    names = [];
  }
  for (const name of names) {
    const adminDir = join(commonDir, 'worktrees', name);
    const gitFile = readTrimmed(join(adminDir, 'gitdir'));
    if (gitFile === undefined) continue;
    paths.push(dirname(resolve(adminDir, gitFile)));
  }
  const canonical: string[] = [];
  for (const path of paths) {
    const resolved = canonicalizePathSync(path);
    if (!canonical.includes(resolved)) canonical.push(resolved);
  }
  return canonical;
}
