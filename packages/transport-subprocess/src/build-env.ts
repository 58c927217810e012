import { PACKAGE_VERSION } from './version.js';

/** Input of {@link buildProcessEnv}. */
export interface BuildProcessEnvOptions {
  /** The environment inherited; default `process.env`. */
  baseEnv?: Record<string, string | undefined>;
  /** Caller's variables, merged on top; an `undefined` value deletes the variable. */
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
 * The child's environment, in this order: the inherited environment without `CLAUDECODE` (so the
 * CLI does not think it is nested inside another Claude Code session);
 * `CLAUDE_CODE_ENTRYPOINT=sdk-ts` and `BUN_ENABLE_CRASH_REPORTING=0`; the caller's `env` on top
 * (may override both; `undefined` deletes); option-derived variables; `CLAUDE_AGENT_SDK_VERSION` (always ours);
 * `PWD` when `cwd` is set.
 */
export function buildProcessEnv(options: BuildProcessEnvOptions = {}): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(options.baseEnv ?? process.env)) {
    if (value !== undefined && key !== 'CLAUDECODE') result[key] = value;
  }
  result.CLAUDE_CODE_ENTRYPOINT = SDK_ENTRYPOINT;
  result[CRASH_REPORTING_ENV] = '0';
  for (const [key, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete result[key];
    // A number or boolean is passed as its text, as a spawn's environment takes it.
    else if (typeof value === 'number' || typeof value === 'boolean') result[key] = String(value);
    else if (typeof value !== 'string' || value.includes('\0')) {
      throw new TypeError(
        `Invalid option env.${key}: expected a string without NUL bytes, a number, a boolean or undefined`,
      );
    } else result[key] = value;
  }
  Object.assign(result, options.cliEnv);
  result.CLAUDE_AGENT_SDK_VERSION = PACKAGE_VERSION;
  if (options.cwd !== undefined) result.PWD = options.cwd;
  return result;
}
