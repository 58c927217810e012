import { constants } from 'node:fs';
import { type FileHandle, lstat, open, realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { SessionJsonlError } from './errors.js';
import type { TranscriptFile } from './session-files.js';

const NEWLINE = 0x0a;

function unsafe(file: TranscriptFile, why: string, cause?: unknown): SessionJsonlError {
  return new SessionJsonlError({
    code: 'UNSAFE_PATH',
    sessionId: file.sessionId,
    message: `Refusing to write ${file.filePath}: ${why}.`,
    cause,
  });
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The path to open for writing: the transcript itself, or the target of a symlink that stays inside the project folder. */
async function writablePath(file: TranscriptFile): Promise<string | undefined> {
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(file.filePath);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  if (!stats.isSymbolicLink()) return file.filePath;
  let target: string;
  try {
    target = await realpath(file.filePath);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
  const folder = await realpath(file.projectDir.path);
  if (!target.startsWith(folder + sep)) throw unsafe(file, `it is a symlink to ${target}, outside ${folder}`);
  return target;
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const result = await handle.write(bytes, written, bytes.length - written, null);
    written += result.bytesWritten;
  }
}

/**
 * Appends one JSON line to an existing, non-empty transcript, safely while the CLI writes to it.
 *
 * Opens with `O_APPEND` and never `O_CREAT` (a deleted session is not recreated), `O_NOFOLLOW`
 * and `O_NONBLOCK`; writes the line in one `write`. When the file's last byte is not a newline
 * (a line cut by a crash) the line is preceded by one, so two entries are never glued together.
 * Returns `false` when the file is missing or empty (the caller tries the next copy). Throws
 * `UNSAFE_PATH` for a symlink leading out of the project folder or a target that is not a file.
 */
export async function appendLine(file: TranscriptFile, line: string): Promise<boolean> {
  const path = await writablePath(file);
  if (path === undefined) return false;
  let handle: FileHandle;
  try {
    handle = await open(
      path,
      constants.O_RDWR | constants.O_APPEND | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    if (isMissing(error)) return false;
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw unsafe(file, 'it became a symlink', error);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw unsafe(file, 'it is not a regular file');
    if (stats.size === 0) return false;
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, stats.size - 1);
    const body = `${line}\n`;
    await writeAll(handle, Buffer.from(last[0] === NEWLINE ? body : `\n${body}`, 'utf8'));
    return true;
  } finally {
    await handle.close();
  }
}
