import { readArchiveMark } from './archive-mark.js';
import { isUuid } from './ids.js';
import { checkOptionsObject, optionalDir, optionalPath, projectsDirFor } from './options.js';
import { searchedProjectDirs } from './project-dirs.js';
import { findSessionCopies, listedMtimeMs } from './session-files.js';
import { summaryCache } from './summary-cache.js';
import { sessionInfoFromSummary } from './summary-fold.js';
import { readTitleSidecar } from './title-sidecar.js';
import type { GetSessionInfoOptions, SDKSessionInfo } from './types.js';

/**
 * Metadata of one session, read like `listSessions` reads it but from this session's file only.
 * Returns `undefined` for an id that is not a UUID, a session not found (with `dir`: in that
 * project and its worktrees), a sidechain, or a session with nothing to show.
 */
export async function getSessionInfo(
  sessionId: string,
  options: GetSessionInfoOptions = {},
): Promise<SDKSessionInfo | undefined> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  if (!isUuid(sessionId)) return undefined;
  const dirs = await searchedProjectDirs(projectsDirFor({ configDir }), dir);
  for (const file of await findSessionCopies(dirs, sessionId)) {
    const lite = summaryCache.read(file.filePath, file.stamp);
    if (lite === undefined) continue;
    const titleSidecar =
      lite.data.customTitle === undefined ? readTitleSidecar(file.projectDir.path, sessionId) : undefined;
    const info = sessionInfoFromSummary(sessionId, lite.data, {
      lastModified: listedMtimeMs(lite.stamp),
      fileSize: lite.stamp.size,
      projectPath: file.projectDir.projectPath,
      ...(titleSidecar === undefined ? {} : { titleSidecar }),
    });
    if (info === undefined) continue;
    const archived = await readArchiveMark(file.projectDir.path, sessionId, file.filePath);
    return archived === undefined ? info : { ...info, archived };
  }
  return undefined;
}
