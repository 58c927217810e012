import { constants, type Dirent, readdirSync, type Stats, statSync } from 'node:fs';
import { sep } from 'node:path';
import { isUuid } from './ids.js';
import type { ProjectDir } from './project-dirs.js';
import { forEachInSlices } from './yield-slices.js';

/** What identifies one state of a file: a write, truncation, rename over it or chmod changes it. */
export interface FileStamp {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  /** Epoch milliseconds with the fraction the file system keeps. */
  readonly mtimeMs: number;
  /** Epoch milliseconds with the fraction; the kernel sets it on every change and no caller can set it back. */
  readonly ctimeMs: number;
}

/** The stamp of a file as `stat` or `fstat` saw it. */
export function fileStampOf(stats: Stats): FileStamp {
  const { dev, ino, size, mtimeMs, ctimeMs } = stats;
  return { dev, ino, size, mtimeMs, ctimeMs };
}

/** True when two stamps are of the same file in the same state. */
export function sameStamp(a: FileStamp, b: FileStamp): boolean {
  return (
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs &&
    a.dev === b.dev
  );
}

/** The modification time a listing reports: integer epoch milliseconds. */
export function listedMtimeMs(stamp: FileStamp): number {
  return Math.round(stamp.mtimeMs);
}

/** One copy of a session's transcript on disk. */
export interface TranscriptFile {
  readonly sessionId: string;
  readonly filePath: string;
  readonly projectDir: ProjectDir;
  readonly size: number;
  /** Integer epoch milliseconds ({@link listedMtimeMs}). */
  readonly mtimeMs: number;
  /** The file as the stat that found it saw it. */
  readonly stamp: FileStamp;
}

/** The listing facts of a transcript whose file has `stamp`. */
export function transcriptFile(
  projectDir: ProjectDir,
  sessionId: string,
  filePath: string,
  stamp: FileStamp,
): TranscriptFile {
  return { sessionId, filePath, projectDir, size: stamp.size, mtimeMs: listedMtimeMs(stamp), stamp };
}

/** What a project folder holds: transcript session ids, and session ids that have a sibling folder. */
export interface ProjectDirContents {
  readonly sessionIds: string[];
  readonly sessionFolders: Set<string>;
}

const TRANSCRIPT_SUFFIX = '.jsonl';

/** Lists `<uuid>.jsonl` names and `<uuid>/` folders of one project folder; empty when unreadable. */
export function scanProjectDir(dir: ProjectDir): ProjectDirContents {
  const sessionIds: string[] = [];
  const sessionFolders = new Set<string>();
  let entries: Dirent[];
  try {
    entries = readdirSync(dir.path, { withFileTypes: true });
  } catch {
    return { sessionIds, sessionFolders };
  }
  for (const entry of entries) {
    const name = entry.name;
    if (name.length === 36 + TRANSCRIPT_SUFFIX.length && name.endsWith(TRANSCRIPT_SUFFIX)) {
      const id = name.slice(0, 36);
      if (isUuid(id) && !entry.isDirectory()) sessionIds.push(id);
    } else if (name.length === 36 && entry.isDirectory() && isUuid(name)) {
      sessionFolders.add(name);
    }
  }
  return { sessionIds, sessionFolders };
}

/** The path of a session's transcript in a project folder. */
export function transcriptPath(projectDir: ProjectDir, sessionId: string): string {
  // The folder's path is already normalized (`join`ed) and the id is a file name: a plain
  // concatenation gives what `join` would, without its normalizing pass (one per listed file).
  const folder = projectDir.path;
  return `${folder}${folder.endsWith(sep) ? '' : sep}${sessionId}${TRANSCRIPT_SUFFIX}`;
}

function toTranscript(
  projectDir: ProjectDir,
  sessionId: string,
  filePath: string,
  stats: Stats,
): TranscriptFile | undefined {
  if ((stats.mode & constants.S_IFMT) !== constants.S_IFREG || stats.size === 0) return undefined;
  return transcriptFile(projectDir, sessionId, filePath, fileStampOf(stats));
}

/**
 * Size and mtime of a transcript that is a non-empty regular file (symlinks followed); else
 * `undefined`. Synchronous: one stat costs less than a thread-pool round trip, and callers yield
 * between slices.
 */
export function statTranscriptSync(projectDir: ProjectDir, sessionId: string): TranscriptFile | undefined {
  const filePath = transcriptPath(projectDir, sessionId);
  try {
    return toTranscript(projectDir, sessionId, filePath, statSync(filePath));
  } catch {
    return undefined;
  }
}

/**
 * Orders a listing: newest first, equal times by session id descending (as the official SDK
 * 0.3.332 orders them; pages are stable), then the best copy of one session first.
 */
export function compareListing(a: TranscriptFile, b: TranscriptFile): number {
  if (a.mtimeMs !== b.mtimeMs) return b.mtimeMs - a.mtimeMs;
  if (a.sessionId !== b.sessionId) return a.sessionId > b.sessionId ? -1 : 1;
  return b.size - a.size || a.projectDir.rank - b.projectDir.rank;
}

/**
 * Every non-empty copy of `sessionId` in `projectDirs`, in the order the folders are searched:
 * by name without `dir`, the project's own folder then its worktrees' with it (seed 001's sorted
 * first-match rule, as the official SDK looks sessions up). Listings pick their copy by
 * {@link compareListing} instead.
 */
export async function findSessionCopies(
  projectDirs: readonly ProjectDir[],
  sessionId: string,
): Promise<TranscriptFile[]> {
  const copies: TranscriptFile[] = [];
  await forEachInSlices(projectDirs, (dir) => {
    const copy = statTranscriptSync(dir, sessionId);
    if (copy !== undefined) copies.push(copy);
    return true;
  });
  return copies.sort((a, b) => a.projectDir.rank - b.projectDir.rank);
}
