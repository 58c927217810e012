import { readArchiveMark } from './archive-mark.js';
import { LIST_READ_CONCURRENCY } from './limits.js';
import { readSessionSummary } from './lite-read.js';
import { mapLimit } from './map-limit.js';
import {
  checkOptionsObject,
  optionalBoolean,
  optionalCount,
  optionalPath,
  paginate,
  projectsDirFor,
} from './options.js';
import { type ProjectDir, searchedProjectDirs } from './project-dirs.js';
import {
  compareListing,
  type ProjectDirContents,
  scanProjectDir,
  statTranscript,
  type TranscriptFile,
} from './session-files.js';
import { isProgrammaticSummary, sessionInfoFromSummary } from './summary-fold.js';
import type { ListSessionsOptions, SDKSessionInfo } from './types.js';

interface Accepted {
  readonly info: SDKSessionInfo;
  readonly file: TranscriptFile;
  readonly hasFolder: boolean;
}

/**
 * Lists sessions with their metadata, newest first (equal mtimes by session id, so `offset` and
 * `limit` pages are stable).
 *
 * With `dir`: that project and, unless `includeWorktrees: false`, its git worktrees; without:
 * every project. Reads only the first and last 64 KiB of each transcript (up to 1 MiB for the
 * first prompt). Skips 0-byte stubs, sidechains and sessions with nothing to show. A session
 * found in several project folders is listed once: the newest copy, then the larger, then the
 * first project folder. Returns `[]` when the folders do not exist.
 */
export async function listSessions(options: ListSessionsOptions = {}): Promise<SDKSessionInfo[]> {
  const raw = checkOptionsObject(options);
  const dir = optionalPath(raw, 'dir');
  const configDir = optionalPath(raw, 'configDir');
  const limit = optionalCount(raw, 'limit');
  const offset = optionalCount(raw, 'offset') ?? 0;
  const includeWorktrees = optionalBoolean(raw, 'includeWorktrees', true);
  const includeProgrammatic = optionalBoolean(raw, 'includeProgrammatic', true);
  const projectsDir = projectsDirFor({ configDir });
  const dirs = await searchedProjectDirs(projectsDir, dir, includeWorktrees);
  const contents = await mapLimit(dirs, LIST_READ_CONCURRENCY, scanProjectDir);
  const files = await statAll(dirs, contents);
  files.sort(compareListing);
  const wanted = limit === undefined || limit === 0 ? Number.POSITIVE_INFINITY : offset + limit;
  const accepted = await acceptInOrder(files, wanted, includeProgrammatic, contents, dirs);
  const page = paginate(accepted, offset, limit);
  return mapLimit(page, LIST_READ_CONCURRENCY, async ({ info, file, hasFolder }) => {
    if (!hasFolder) return info;
    const archived = await readArchiveMark(file.projectDir.path, file.sessionId);
    return archived === undefined ? info : { ...info, archived };
  });
}

async function statAll(
  dirs: readonly ProjectDir[],
  contents: readonly ProjectDirContents[],
): Promise<TranscriptFile[]> {
  const pairs: [ProjectDir, string][] = [];
  dirs.forEach((dir, i) => {
    for (const id of contents[i]!.sessionIds) pairs.push([dir, id]);
  });
  const stats = await mapLimit(pairs, LIST_READ_CONCURRENCY, ([dir, id]) => statTranscript(dir, id));
  return stats.filter((file): file is TranscriptFile => file !== undefined);
}

async function acceptInOrder(
  files: readonly TranscriptFile[],
  wanted: number,
  includeProgrammatic: boolean,
  contents: readonly ProjectDirContents[],
  dirs: readonly ProjectDir[],
): Promise<Accepted[]> {
  const folderSets = new Map(dirs.map((dir, i) => [dir, contents[i]!.sessionFolders]));
  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  const queue: { file: TranscriptFile; summary: ReturnType<typeof readSessionSummary> }[] = [];
  let next = 0;
  while (accepted.length < wanted) {
    while (queue.length < LIST_READ_CONCURRENCY && next < files.length) {
      const file = files[next++]!;
      const summary = seen.has(file.sessionId)
        ? Promise.resolve(undefined)
        : readSessionSummary(file.filePath, file.size);
      queue.push({ file, summary });
    }
    const item = queue.shift();
    if (item === undefined) break;
    const data = await item.summary;
    const { file } = item;
    if (data === undefined || seen.has(file.sessionId)) continue;
    if (!includeProgrammatic && isProgrammaticSummary(data)) continue;
    const info = sessionInfoFromSummary(file.sessionId, data, {
      lastModified: file.mtimeMs,
      fileSize: file.size,
      projectPath: file.projectDir.projectPath,
    });
    if (info === undefined) continue;
    seen.add(file.sessionId);
    accepted.push({ info, file, hasFolder: folderSets.get(file.projectDir)?.has(file.sessionId) === true });
  }
  await Promise.all(queue.map((item) => item.summary));
  return accepted;
}
