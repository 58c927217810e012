import { userInfo } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { SessionJsonlError } from './errors.js';

/** Where {@link resolveConfigDir} looks, for tests and for callers that run with another environment. */
export interface ConfigDirSources {
  /** Environment to read `CLAUDE_CONFIG_DIR` and `HOME` from. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The account's home directory from the password database, used when `HOME` is unset. */
  passwdHome?: () => string | undefined;
}

function defaultPasswdHome(): string | undefined {
  try {
    return userInfo().homedir;
  } catch {
    return undefined;
  }
}

/**
 * The Claude config directory: `CLAUDE_CONFIG_DIR` (an empty value counts as unset, the value is
 * NFC-normalized), else `<home>/.claude`.
 *
 * The home is `HOME`, or the password database's entry when `HOME` is unset. Throws
 * `CONFIG_DIR_UNAVAILABLE` when there is no usable home (unset with no entry, empty, or relative).
 */
export function resolveConfigDir(sources: ConfigDirSources = {}): string {
  const env = sources.env ?? process.env;
  const configured = env['CLAUDE_CONFIG_DIR'];
  if (configured !== undefined && configured !== '') return configured.normalize('NFC');
  const fromEnv = env['HOME'];
  const home = fromEnv !== undefined ? fromEnv : (sources.passwdHome ?? defaultPasswdHome)();
  if (home === undefined || home === '' || !isAbsolute(home)) {
    throw new SessionJsonlError({
      code: 'CONFIG_DIR_UNAVAILABLE',
      message: `No Claude config directory: CLAUDE_CONFIG_DIR is unset and the home directory ${home === undefined ? 'is unknown' : JSON.stringify(home)} is not usable. Set CLAUDE_CONFIG_DIR to the folder the CLI writes to.`,
    });
  }
  return join(home, '.claude').normalize('NFC');
}

/** The folder that holds one sub-folder per project: `<config dir>/projects`. */
export function resolveProjectsDir(sources: ConfigDirSources = {}): string {
  return join(resolveConfigDir(sources), 'projects');
}
