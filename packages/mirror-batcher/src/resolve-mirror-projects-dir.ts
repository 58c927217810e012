import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Input of {@link resolveMirrorProjectsDir}. */
export interface ResolveMirrorProjectsDirOptions {
  /** `options.env` of the query: when given, the child's whole environment (`processEnv` is not read). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The environment the child inherits. Default `process.env`. */
  processEnv?: Readonly<Record<string, string | undefined>>;
  /** The account's home directory, used when the child sees no `HOME`. Default `os.homedir()`; pass `undefined` for none. */
  homeDir?: string;
}

function defaultHomeDir(): string | undefined {
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

/**
 * The projects dir the child CLI writes transcripts to, as the mirror must see it:
 * `<CLAUDE_CONFIG_DIR>/projects` with the `CLAUDE_CONFIG_DIR` the child sees (an empty value
 * counts as unset), else `<HOME>/.claude/projects` with the `HOME` it sees, else `homeDir`. The
 * child sees `env` when it is given (it replaces the inherited environment), else `processEnv`.
 * NFC-normalized and absolute.
 *
 * Returns `undefined` when there is neither a config dir nor a usable (absolute) home: the
 * session still runs, but every frame is reported as a `mirror_error` with a `null` key.
 */
export function resolveMirrorProjectsDir(options: ResolveMirrorProjectsDirOptions = {}): string | undefined {
  // A given env replaces the inherited one for the CLI, as the SDK's `env` option does.
  const env = options.env ?? options.processEnv ?? process.env;
  const seen = (name: string): string | undefined => (Object.hasOwn(env, name) ? env[name] : undefined);
  const configDir = seen('CLAUDE_CONFIG_DIR');
  if (typeof configDir === 'string' && configDir !== '')
    return join(resolve(configDir.normalize('NFC')), 'projects');
  const home = seen('HOME') ?? (Object.hasOwn(options, 'homeDir') ? options.homeDir : defaultHomeDir());
  if (typeof home !== 'string' || home === '' || !isAbsolute(home)) return undefined;
  return join(home, '.claude', 'projects').normalize('NFC');
}
