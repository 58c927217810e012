import { rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeArchiveMark } from './archive-mark.js';
import { SessionJsonlError } from './errors.js';
import { mutationTargets, sessionNotFound } from './mutation-target.js';
import type { SessionMutationOptions } from './types.js';

/**
 * Deletes a session: removes its transcript (the copy listings show) and the sibling
 * `<sessionId>/` folder with its subagent transcripts. Symlinks are removed, never followed.
 *
 * Only for sessions whose CLI has exited: a running CLI would recreate the file with its later
 * entries. Throws `INVALID_SESSION_ID`, `SESSION_NOT_FOUND`, or `DELETE_INCOMPLETE` when the
 * folder could not be removed after the transcript was (remove the folder yourself).
 */
export async function deleteSession(sessionId: string, options: SessionMutationOptions = {}): Promise<void> {
  for (const copy of await mutationTargets(sessionId, options)) {
    try {
      await unlink(copy.filePath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const folder = join(copy.projectDir.path, sessionId);
    try {
      await rm(folder, { recursive: true, force: true });
    } catch (error) {
      throw new SessionJsonlError({
        code: 'DELETE_INCOMPLETE',
        sessionId,
        message: `Deleted the transcript of ${sessionId} but could not remove ${folder}; remove that folder yourself.`,
        cause: error,
      });
    }
    return;
  }
  throw sessionNotFound(sessionId);
}

/** Writes the mark into every copy's sibling folder, so whichever copy a listing shows says the same. */
async function markArchived(sessionId: string, options: unknown, archived: boolean): Promise<void> {
  for (const copy of await mutationTargets(sessionId, options)) {
    await writeArchiveMark(copy.projectDir.path, sessionId, archived);
  }
}

/**
 * Archives a session: writes `archived.json` into its sibling folder. The transcript is not
 * changed; `listSessions` still returns it, with `archived: true`, until a new prompt in the
 * session (the CLI then rewrites the mark) or {@link unarchiveSession}. Throws
 * `INVALID_SESSION_ID`, `SESSION_NOT_FOUND` or `UNSAFE_PATH`.
 */
export async function archiveSession(sessionId: string, options: SessionMutationOptions = {}): Promise<void> {
  await markArchived(sessionId, options, true);
}

/** Unarchives a session, so listings report `archived: false`. Same errors as {@link archiveSession}. */
export async function unarchiveSession(
  sessionId: string,
  options: SessionMutationOptions = {},
): Promise<void> {
  await markArchived(sessionId, options, false);
}
