import { constants } from 'node:fs';
import { type FileHandle, lstat, open, realpath } from 'node:fs/promises';
import { sep } from 'node:path';
import { SessionJsonlError } from './errors.js';
import { APPEND_SETTLE_CHECKS, APPEND_SETTLE_MS } from './limits.js';
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

/**
 * True when the file ends with a newline. A missing newline is trusted only once the size has
 * held still for {@link APPEND_SETTLE_MS}: a reader can observe a writer's line half-copied, and
 * that writer will finish it, whereas a line cut by a crash stays cut.
 */
async function endsWithNewline(handle: FileHandle, size: number): Promise<boolean> {
  const last = Buffer.alloc(1);
  let seenSize = size;
  for (let check = 0; check <= APPEND_SETTLE_CHECKS; check++) {
    await handle.read(last, 0, 1, seenSize - 1);
    if (last[0] === NEWLINE) return true;
    await new Promise((resolve) => setTimeout(resolve, APPEND_SETTLE_MS));
    const now = (await handle.stat()).size;
    if (now === seenSize) return false;
    seenSize = now;
  }
  return false;
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
    const body = `${line}\n`;
    const endsClean = await endsWithNewline(handle, stats.size);
    await writeAll(handle, Buffer.from(endsClean ? body : `\n${body}`, 'utf8'));
    return true;
  } finally {
    await handle.close();
  }
}
