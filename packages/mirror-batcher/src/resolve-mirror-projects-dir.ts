import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Input of {@link resolveMirrorProjectsDir}. */
export interface ResolveMirrorProjectsDirOptions {
  /** `options.env` of the query: laid over `processEnv` for the child; an `undefined` value removes the variable. */
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
 * `<CLAUDE_CONFIG_DIR>/projects` with `CLAUDE_CONFIG_DIR` from `env`, else from `processEnv`
 * (an empty value counts as unset), else `<HOME>/.claude/projects` with the `HOME` the child
 * sees (`env`'s, else `processEnv`'s, else `homeDir`). NFC-normalized and absolute.
 *
 * Returns `undefined` when there is neither a config dir nor a usable (absolute) home: the
 * session still runs, but every frame is reported as a `mirror_error` with a `null` key.
 */
export function resolveMirrorProjectsDir(options: ResolveMirrorProjectsDirOptions = {}): string | undefined {
  const env = options.env ?? {};
  const processEnv = options.processEnv ?? process.env;
  const seen = (name: string): string | undefined =>
    Object.hasOwn(env, name) ? env[name] : processEnv[name];
  const configDir = seen('CLAUDE_CONFIG_DIR');
  if (typeof configDir === 'string' && configDir !== '')
    return join(resolve(configDir.normalize('NFC')), 'projects');
  const home = seen('HOME') ?? (Object.hasOwn(options, 'homeDir') ? options.homeDir : defaultHomeDir());
  if (typeof home !== 'string' || home === '' || !isAbsolute(home)) return undefined;
  return join(home, '.claude', 'projects').normalize('NFC');
}
