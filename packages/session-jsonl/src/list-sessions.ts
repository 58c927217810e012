import { dirname } from 'node:path';
import { readArchiveMark } from './archive-mark.js';
import { LIST_READ_CONCURRENCY } from './limits.js';
import { mapLimit } from './map-limit.js';
import {
  checkOptionsObject,
  optionalBoolean,
  optionalCount,
  optionalDir,
  optionalPath,
  paginateListing,
  projectsDirFor,
} from './options.js';
import { type ProjectDir, searchedProjectDirs } from './project-dirs.js';
import { belongsToProject } from './project-scope.js';
import {
  compareListing,
  scanProjectDir,
  statTranscriptSync,
  type TranscriptFile,
  transcriptFile,
  transcriptPath,
} from './session-files.js';
import { summaryCache } from './summary-cache.js';
import { isProgrammaticSummary, type SessionSummaryData, sessionInfoFromSummary } from './summary-fold.js';
import { summaryIndexFiles } from './summary-index-file.js';
import { readTitleSidecar } from './title-sidecar.js';
import type { ListSessionsOptions, SDKSessionInfo } from './types.js';
import { forEachInSlices } from './yield-slices.js';

interface Candidate {
  readonly projectDir: ProjectDir;
  readonly sessionId: string;
  /** The transcript's path ({@link transcriptPath}), built once per listing. */
  readonly filePath: string;
  readonly hasFolder: boolean;
}

interface Accepted {
  readonly info: SDKSessionInfo;
  readonly file: TranscriptFile;
  readonly hasFolder: boolean;
}

/**
 * True when the session ends by naming its continuation, and that transcript is in the same folder
 * and holds a message line (one with a `parentUuid`), as the official SDK (0.3.332) checks it.
 */
function continuesElsewhere(file: TranscriptFile, data: SessionSummaryData): boolean {
  if (data.continuedIn === undefined) return false;
  const target = statTranscriptSync(file.projectDir, data.continuedIn);
  return target !== undefined && summaryCache.read(target.filePath)?.data.messageLineSeen === true;
}

/**
 * Turns a read summary into a listing row, or `undefined` when the session is not listed: a
 * programmatic session when those are excluded, one continued in another transcript, one that
 * belongs to another project (see {@link belongsToProject}), or one with nothing to show.
 */
function accept(
  file: TranscriptFile,
  data: SessionSummaryData,
  includeProgrammatic: boolean,
  hasFolder: boolean,
): SDKSessionInfo | undefined {
  if (!includeProgrammatic && isProgrammaticSummary(data)) return undefined;
  if (!belongsToProject(data, file.projectDir) || continuesElsewhere(file, data)) return undefined;
  const titleSidecar =
    hasFolder && data.customTitle === undefined
      ? readTitleSidecar(file.projectDir.path, file.sessionId)
      : undefined;
  return sessionInfoFromSummary(file.sessionId, data, {
    lastModified: file.mtimeMs,
    fileSize: file.size,
    projectPath: file.projectDir.projectPath,
    ...(titleSidecar === undefined ? {} : { titleSidecar }),
  });
}

/**
 * Lists sessions with their metadata, newest first (equal mtimes by session id descending, as the
 * official SDK orders them, so `offset` and `limit` pages are stable).
 *
 * With `dir`: that project and, unless `includeWorktrees: false`, its git worktrees; without:
 * every project. Reads only the first and last 64 KiB of each transcript (up to 1 MiB for the
 * first prompt); with a `limit` it reads only as many transcripts as the page needs. A transcript
 * unchanged since an earlier call (same inode, size, mtime and ctime) is not read again: its
 * summary is kept in the process (see `clearSessionSummaryCache`) and in the config dir's summary
 * index (`SUMMARY_INDEX_PATH`; off with `CCSDK_SESSION_INDEX=off`), which a new process adopts. Skips
 * 0-byte stubs, sidechains, sessions with nothing to show, sessions continued in another
 * transcript of the same folder, and (with `dir`) transcripts whose recorded `cwd` shows they
 * belong to another project. A session found in several project
 * folders is listed once: the newest copy, then the larger, then the first project folder.
 * Returns `[]` when the folders do not exist.
 */
export async function listSessions(options: ListSessionsOptions = {}): Promise<SDKSessionInfo[]> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  const limit = optionalCount(raw, 'limit');
  const offset = optionalCount(raw, 'offset') ?? 0;
  const includeWorktrees = optionalBoolean(raw, 'includeWorktrees', true);
  const includeProgrammatic = optionalBoolean(raw, 'includeProgrammatic', true);
  const projectsDir = projectsDirFor({ configDir });
  const dirs = await searchedProjectDirs(projectsDir, dir, includeWorktrees);
  const candidates: Candidate[] = [];
  await forEachInSlices(dirs, (projectDir) => {
    const { sessionIds, sessionFolders } = scanProjectDir(projectDir);
    for (const sessionId of sessionIds) {
      const filePath = transcriptPath(projectDir, sessionId);
      candidates.push({ projectDir, sessionId, filePath, hasFolder: sessionFolders.has(sessionId) });
    }
    return true;
  });
  await summaryIndexFiles.adopt(projectsDir);
  const accepted =
    limit === undefined
      ? await readAll(candidates, includeProgrammatic)
      : await readPage(candidates, includeProgrammatic, Math.ceil(offset) + Math.ceil(limit));
  forgetAbsentTranscripts(dirs, candidates);
  await summaryIndexFiles.save(projectsDir);
  const page = paginateListing(accepted, offset, limit);
  const rows = page.map(({ info }) => info);
  const withFolder = page.flatMap((row, index) => (row.hasFolder ? [index] : []));
  await mapLimit(withFolder, LIST_READ_CONCURRENCY, async (index) => {
    const { info, file } = page[index]!;
    const archived = await readArchiveMark(file.projectDir.path, file.sessionId, file.filePath);
    if (archived !== undefined) rows[index] = { ...info, archived };
  });
  return rows;
}

/** Drops kept summaries of transcripts that the scanned folders no longer hold. */
function forgetAbsentTranscripts(dirs: readonly ProjectDir[], candidates: readonly Candidate[]): void {
  const scanned = new Set(dirs.map((projectDir) => dirname(transcriptPath(projectDir, 'probe'))));
  const present = new Set(candidates.map(({ filePath }) => filePath));
  summaryCache.forgetAbsent(scanned, present);
}

/** Whole listing: read every transcript once (open, fstat, head, tail), then order and dedupe. */
async function readAll(candidates: readonly Candidate[], includeProgrammatic: boolean): Promise<Accepted[]> {
  const rows: Accepted[] = [];
  await forEachInSlices(candidates, ({ projectDir, sessionId, filePath, hasFolder }) => {
    const lite = summaryCache.read(filePath);
    if (lite === undefined) return true;
    const file = transcriptFile(projectDir, sessionId, filePath, lite.stamp);
    const info = accept(file, lite.data, includeProgrammatic, hasFolder);
    if (info !== undefined) rows.push({ info, file, hasFolder });
    return true;
  });
  rows.sort((a, b) => compareListing(a.file, b.file));
  const seen = new Set<string>();
  return rows.filter(({ file }) => {
    if (seen.has(file.sessionId)) return false;
    seen.add(file.sessionId);
    return true;
  });
}

/** A page: stat everything, order, then read transcripts in order until `wanted` are accepted. */
async function readPage(
  candidates: readonly Candidate[],
  includeProgrammatic: boolean,
  wanted: number,
): Promise<Accepted[]> {
  const files: { file: TranscriptFile; hasFolder: boolean }[] = [];
  await forEachInSlices(candidates, ({ projectDir, sessionId, hasFolder }) => {
    const file = statTranscriptSync(projectDir, sessionId);
    if (file !== undefined) files.push({ file, hasFolder });
    return true;
  });
  files.sort((a, b) => compareListing(a.file, b.file));
  const accepted: Accepted[] = [];
  const seen = new Set<string>();
  await forEachInSlices(files, ({ file, hasFolder }) => {
    if (seen.has(file.sessionId)) return true;
    const lite = summaryCache.read(file.filePath, file.stamp);
    const info = lite === undefined ? undefined : accept(file, lite.data, includeProgrammatic, hasFolder);
    if (info === undefined) return true;
    seen.add(file.sessionId);
    accepted.push({ info, file, hasFolder });
    return accepted.length < wanted;
  });
  return accepted;
}
