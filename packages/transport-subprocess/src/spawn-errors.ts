import { statSync } from 'node:fs';
import { CLI_INSTALL_HINT, CLINotFoundError, SubprocessTransportError } from './errors.js';

/** The typed error for a `cwd` that does not exist or is not a folder. */
export function workingDirectoryError(cwd: string, cause?: unknown): SubprocessTransportError {
  return new SubprocessTransportError({
    code: 'WORKING_DIRECTORY_NOT_FOUND',
    message: `The working directory ${JSON.stringify(cwd)} does not exist or is not a folder; create it or pass another cwd.`,
    cause,
  });
}

/**
 * Maps a spawn failure to a typed error: a missing `cwd` (which Node also reports as ENOENT) to
 * `WORKING_DIRECTORY_NOT_FOUND`; ENOENT or EACCES on the executable to `CLINotFoundError`; any
 * other failure to `SPAWN_FAILED`.
 */
export function mapSpawnError(error: unknown, command: string, cwd: string | undefined): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' && cwd !== undefined && !exists(cwd)) return workingDirectoryError(cwd, error);
  if (code === 'ENOENT' || code === 'EACCES') {
    const why =
      code === 'EACCES'
        ? 'is not executable (check its permissions)'
        : exists(command)
          ? 'exists but could not be executed (a binary for another platform, CPU or libc?)'
          : 'does not exist';
    return new CLINotFoundError({
      message: `Claude Code could not be started: ${JSON.stringify(command)} ${why}. ${CLI_INSTALL_HINT}`,
      searched: [command],
      cause: error,
    });
  }
  return new SubprocessTransportError({
    code: 'SPAWN_FAILED',
    message: `Claude Code could not be started (${String(code ?? error)}): ${command}`,
    cause: error,
  });
}

function exists(file: string): boolean {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

/** True when `dir` exists and is a folder. */
export function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
