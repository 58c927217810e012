import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

/** Where the child's environment comes from. */
export interface ChildEnvironment {
  /** `options.env` of the query: when given, the child's whole environment (`processEnv` is not read). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** The inherited environment. Default `process.env`. */
  readonly processEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /** Home directory when the child sees no `HOME`. Default `os.homedir()`. */
  readonly homeDir?: string | undefined;
}

/** The config dir and home the child CLI would use; either may be unknown. */
export interface ChildConfigLocation {
  /** `CLAUDE_CONFIG_DIR` as the child sees it (non-empty), else `<home>/.claude`; `undefined` when neither. */
  readonly configDir: string | undefined;
  /** True when `CLAUDE_CONFIG_DIR` was set explicitly. */
  readonly explicit: boolean;
  /** The child's home (absolute), when known. */
  readonly home: string | undefined;
}

function defaultHome(): string | undefined {
  try {
    return homedir();
  } catch {
    return undefined;
  }
}

/** Resolves the child's config dir: `CLAUDE_CONFIG_DIR` of its environment (`env`, else the process's), else `~/.claude` under its `HOME`. */
export function childConfigLocation(sources: ChildEnvironment): ChildConfigLocation {
  // A given env replaces the inherited one for the child, as the SDK's `env` option does.
  const env = sources.env ?? sources.processEnv ?? process.env;
  const seen = (name: string): string | undefined => (Object.hasOwn(env, name) ? env[name] : undefined);
  const rawHome = seen('HOME') ?? (sources.homeDir !== undefined ? sources.homeDir : defaultHome());
  const home = typeof rawHome === 'string' && rawHome !== '' && isAbsolute(rawHome) ? rawHome : undefined;
  const configured = seen('CLAUDE_CONFIG_DIR');
  if (typeof configured === 'string' && configured !== '') {
    return { configDir: resolve(configured.normalize('NFC')), explicit: true, home };
  }
  return {
    configDir: home === undefined ? undefined : join(home, '.claude').normalize('NFC'),
    explicit: false,
    home,
  };
}
