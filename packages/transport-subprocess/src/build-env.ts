import { PACKAGE_VERSION } from './version.js';

/** Input of {@link buildProcessEnv}. */
export interface BuildProcessEnvOptions {
  /** The environment inherited when `env` is not given; default `process.env`. */
  baseEnv?: Record<string, string | undefined>;
  /**
   * The caller's environment for the CLI. When given it replaces the inherited one entirely (it is
   * not merged with `baseEnv`, as the official SDK's `env`); a variable whose value is `undefined`
   * is left out.
   */
  env?: Record<string, string | undefined>;
  /** Variables derived from options (see `buildCliEnv`), applied after `env`. */
  cliEnv?: Record<string, string>;
  /** Working directory; when set, `PWD` is set to it. */
  cwd?: string;
}

/** Entry point name the CLI reports for this SDK. */
export const SDK_ENTRYPOINT = 'sdk-ts';

/**
 * Variable of the CLI's runtime that, unless `0`, lets a crashing CLI send a crash report over the
 * network. Set to `0` by default, as the official SDK does; the caller's `env` may set it back.
 */
export const CRASH_REPORTING_ENV = 'BUN_ENABLE_CRASH_REPORTING';

/**
 * Inherited variables a CLI must not get: `CLAUDECODE` (the CLI would think it is nested inside
 * another Claude Code session) and `CLAUDE_AGENT_SDK_VERSION` (another SDK's, when this process was
 * started by one; ours is set instead).
 */
const NOT_INHERITED: ReadonlySet<string> = new Set(['CLAUDECODE', 'CLAUDE_AGENT_SDK_VERSION']);

/**
 * The environment a CLI inherits when the caller gives none: `base` (default `process.env`)
 * without `CLAUDECODE` and `CLAUDE_AGENT_SDK_VERSION`, and without `undefined` values. Code that
 * adds variables to a CLI's environment starts from this when the caller's `env` is unset, since a
 * given `env` replaces the inherited one.
 */
export function inheritedProcessEnv(
  base: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !NOT_INHERITED.has(key)) result[key] = value;
  }
  return result;
}

/**
 * The child's environment: the caller's `env` when given, else the inherited environment without
 * `CLAUDECODE` (so the CLI does not think it is nested inside another Claude Code session); then,
 * each only when that environment has no value for it, `CLAUDE_CODE_ENTRYPOINT=sdk-ts`,
 * `BUN_ENABLE_CRASH_REPORTING=0` and `CLAUDE_AGENT_SDK_VERSION` (this package's version; always
 * ours over an inherited one, as the official SDK does);
 * option-derived variables; `PWD` when `cwd` is set. Numbers and booleans in `env` are passed as
 * their text; any other value but a string or `undefined`, or a string with a NUL byte, throws a
 * `TypeError`.
 */
export function buildProcessEnv(options: BuildProcessEnvOptions = {}): Record<string, string> {
  let result: Record<string, string> = {};
  if (options.env === undefined) {
    result = inheritedProcessEnv(options.baseEnv);
  } else {
    for (const [key, value] of Object.entries(options.env)) {
      if (value === undefined) continue;
      // A number or boolean is passed as its text, as a spawn's environment takes it.
      if (typeof value === 'number' || typeof value === 'boolean') result[key] = String(value);
      else if (typeof value !== 'string' || value.includes('\0')) {
        throw new TypeError(
          `Invalid option env.${key}: expected a string without NUL bytes, a number, a boolean or undefined`,
        );
      } else result[key] = value;
    }
  }
  result.CLAUDE_CODE_ENTRYPOINT ??= SDK_ENTRYPOINT;
  result[CRASH_REPORTING_ENV] ??= '0';
  result.CLAUDE_AGENT_SDK_VERSION ??= PACKAGE_VERSION;
  Object.assign(result, options.cliEnv);
  if (options.cwd !== undefined) result.PWD = options.cwd;
  return result;
}
