import { type Dirent, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { listGitWorktreesSync } from './git-worktrees.js';
import { canonicalizePathSync, longKeyPrefix, sanitizePath } from './project-key.js';

/** One folder under `<config>/projects` that a call searches. */
export interface ProjectDir {
  /** Absolute path of the folder. */
  readonly path: string;
  /** The folder's name, the project key. */
  readonly name: string;
  /** The project path this folder was matched from (own dir or a worktree); unknown in global searches. */
  readonly projectPath: string | undefined;
  /** Order of preference among copies of one session: lower wins after mtime and size. */
  readonly rank: number;
  /**
   * False for a folder that only shares the 200-character prefix of a shortened project key: its
   * transcripts belong to the project only when their own `cwd` maps to the full key.
   */
  readonly exact: boolean;
}

function readDirEntries(path: string): Dirent[] {
  try {
    return readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every project folder, sorted by name (which is also the rank order). */
export async function listAllProjectDirs(projectsDir: string): Promise<ProjectDir[]> {
  const entries = readDirEntries(projectsDir);
  const names = entries
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .map((entry) => entry.name)
    .sort(byCodeUnits);
  return names.map((name, rank) => ({
    path: join(projectsDir, name),
    name,
    projectPath: undefined,
    rank,
    exact: true,
  }));
}

/**
 * The project folders a call with `dir` searches: the folder of `dir` itself, then, when
 * `includeWorktrees` is set and `dir` is in a git repository with more than one worktree, the
 * folders of the worktrees (main first). A key longer than 200 characters also matches every
 * folder that shares its 200-character prefix (whether or not the exact folder exists), since
 * the CLI may hash the tail differently; those are marked not `exact`.
 */
export async function resolveProjectDirs(
  projectsDir: string,
  dir: string,
  includeWorktrees: boolean,
): Promise<ProjectDir[]> {
  const canonical = canonicalizePathSync(dir);
  const paths = [canonical];
  if (includeWorktrees) {
    const worktrees = listGitWorktreesSync(canonical);
    if (worktrees.length > 1) {
      for (const worktree of worktrees) if (!paths.includes(worktree)) paths.push(worktree);
    }
  }
  const existing = new Set(
    readDirEntries(projectsDir)
      .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
      .map((entry) => entry.name),
  );
  const found: ProjectDir[] = [];
  const taken = new Set<string>();
  const add = (name: string, projectPath: string, exact: boolean): void => {
    if (taken.has(name)) return;
    taken.add(name);
    found.push({ path: join(projectsDir, name), name, projectPath, rank: found.length, exact });
  };
  for (const path of paths) {
    const key = sanitizePath(path);
    if (existing.has(key)) add(key, path, true);
    const prefix = longKeyPrefix(key);
    if (prefix === undefined) continue;
    for (const name of [...existing].sort(byCodeUnits)) if (name.startsWith(prefix)) add(name, path, false);
  }
  return found;
}

/** The folders a call searches: those of `dir` (see {@link resolveProjectDirs}), or all of them. */
export async function searchedProjectDirs(
  projectsDir: string,
  dir: string | undefined,
  includeWorktrees = true,
): Promise<ProjectDir[]> {
  return dir === undefined
    ? listAllProjectDirs(projectsDir)
    : resolveProjectDirs(projectsDir, dir, includeWorktrees);
}
