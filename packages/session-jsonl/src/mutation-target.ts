import { SessionJsonlError } from './errors.js';
import { assertSessionId } from './ids.js';
import { checkOptionsObject, optionalDir, optionalPath, projectsDirFor } from './options.js';
import { searchedProjectDirs } from './project-dirs.js';
import { findSessionCopies, type TranscriptFile } from './session-files.js';

/** The error for a session that has no non-empty transcript where the call looked. */
export function sessionNotFound(sessionId: string): SessionJsonlError {
  return new SessionJsonlError({
    code: 'SESSION_NOT_FOUND',
    sessionId,
    message: `Session ${sessionId} not found: no non-empty transcript in the searched project folders. Check the id and the dir option.`,
  });
}

/**
 * Validates a mutation's session id and options and returns the session's copies, best first.
 * Throws `INVALID_SESSION_ID`, a `TypeError` for bad options, or `SESSION_NOT_FOUND`.
 */
export async function mutationTargets(sessionId: unknown, options: unknown): Promise<TranscriptFile[]> {
  assertSessionId(sessionId);
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  const copies = await findSessionCopies(
    await searchedProjectDirs(projectsDirFor({ configDir }), dir),
    sessionId,
  );
  if (copies.length === 0) throw sessionNotFound(sessionId);
  return copies;
}
