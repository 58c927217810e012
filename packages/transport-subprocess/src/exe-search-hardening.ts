/**
 * On Windows, any value of this variable stops cmd.exe and the Win32 executable search
 * (`CreateProcess` and `SearchPath` given a bare name) from trying the current folder first, so a
 * `git.exe` planted in a repository is not what runs when the CLI or one of its tools starts `git`.
 * Elsewhere nothing reads it.
 */
export const EXE_SEARCH_HARDENING_ENV = 'NoDefaultCurrentDirectoryInExePath';

/**
 * Sets {@link EXE_SEARCH_HARDENING_ENV} to `1` in `env` (default `process.env`), replacing any value,
 * as the official SDK does to `process.env` when it is imported: every process started afterwards
 * (the CLI, and the program's own children) inherits it, and so does an `env` option built by
 * spreading `process.env`. A no-op where there is no `process` (a browser).
 */
export function hardenExecutableSearch(
  env: Record<string, string | undefined> | undefined = processEnv(),
): void {
  if (env !== undefined) env[EXE_SEARCH_HARDENING_ENV] = '1';
}

function processEnv(): Record<string, string | undefined> | undefined {
  return typeof process === 'object' && process !== null ? process.env : undefined;
}
