import { realpathSync } from 'node:fs';
import type { ProjectDir } from './project-dirs.js';
import { sanitizePath } from './project-key.js';
import type { SessionSummaryData } from './summary-fold.js';

/** True when `cwd` exists and resolves to a place other than `projectPath`. */
function isOtherExistingPath(cwd: string, projectPath: string): boolean {
  try {
    return realpathSync.native(cwd).normalize('NFC') !== projectPath;
  } catch {
    return false;
  }
}

/**
 * Whether a transcript found in `projectDir` belongs to the project the folder was searched for,
 * judged by the `cwd` it recorded. Always true in a search of every project. In the project's own
 * folder, a transcript is dropped only when its `cwd` is another existing path with the same
 * sanitized name (`/x/a-b` and `/x/a/b` share `-x-a-b`). In a folder that only shares a
 * shortened key's prefix, it must also have a `cwd` that maps to the project's full key.
 */
export function belongsToProject(data: SessionSummaryData, projectDir: ProjectDir): boolean {
  const projectPath = projectDir.projectPath;
  if (projectPath === undefined) return true;
  const cwd = data.cwd;
  if (cwd === projectPath || data.relocatedCwd === projectPath) return true;
  if (cwd === undefined) return projectDir.exact;
  if (sanitizePath(cwd) !== sanitizePath(projectPath)) return projectDir.exact;
  return !isOtherExistingPath(cwd, projectPath);
}
