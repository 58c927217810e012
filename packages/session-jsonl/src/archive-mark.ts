import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { hasPromptAfter } from './archive-superseded.js';
import { SessionJsonlError } from './errors.js';
import { randomHex } from './random-ids.js';
import { readSmallFile } from './small-file.js';
import { parseTimestamp } from './summary-fold.js';

/** Name of the archive mark inside a session's sibling folder. */
export const ARCHIVE_MARK_FILE = 'archived.json';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The archive state of a session: `true`/`false` when its sibling folder holds a usable mark,
 * else `undefined`. A mark `archived: true` is superseded (`false`) once the transcript at
 * `transcriptPath` holds a human prompt or queued command newer than the mark's `at`.
 */
export async function readArchiveMark(
  projectDirPath: string,
  sessionId: string,
  transcriptPath?: string,
): Promise<boolean | undefined> {
  const bytes = readSmallFile(join(projectDirPath, sessionId, ARCHIVE_MARK_FILE));
  if (bytes === undefined) return undefined;
  let mark: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(strictUtf8.decode(bytes));
    if (typeof value !== 'object' || value === null) return undefined;
    mark = value as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const archived = mark['archived'];
  if (typeof archived !== 'boolean') return undefined;
  if (!archived || transcriptPath === undefined) return archived;
  const at = parseTimestamp(mark['at']);
  return at === undefined || !hasPromptAfter(transcriptPath, at);
}

/**
 * Writes the archive mark `{"archived":…,"at":…,"by":"sdk"}` into the session's sibling folder,
 * creating the folder (mode 0700) when missing. The mark is written to a private temporary file
 * and renamed into place, so it is never half-written and a symlink in its place is replaced,
 * not followed. Refuses (`UNSAFE_PATH`) when the sibling folder is not a real folder.
 */
export async function writeArchiveMark(
  projectDirPath: string,
  sessionId: string,
  archived: boolean,
): Promise<void> {
  const folder = join(projectDirPath, sessionId);
  await mkdir(folder, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  const folderStats = await lstat(folder);
  if (!folderStats.isDirectory()) {
    throw new SessionJsonlError({
      code: 'UNSAFE_PATH',
      sessionId,
      message: `${folder} is not a folder (a symlink or a file); refusing to write the archive mark through it. Remove it and retry.`,
    });
  }
  // One object, no newline after it: the bytes the official SDK writes.
  const body = JSON.stringify({ archived, at: new Date().toISOString(), by: 'sdk' });
  const staging = join(folder, `.${ARCHIVE_MARK_FILE}.${randomHex(6)}.tmp`);
  const handle = await open(staging, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(body);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(staging, join(folder, ARCHIVE_MARK_FILE));
  } catch (error) {
    await unlink(staging).catch(() => undefined);
    throw error;
  }
}
