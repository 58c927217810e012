import { DEFAULT_MAX_LINE_BYTES } from '@ccsdk/control-protocol';
import { checkNonEmpty, checkRecord, invalidOption } from './cli-args/validate.js';
import type { CliOptions } from './cli-options.js';
import type { JavaScriptRuntime } from './find-cli.js';
import { DEFAULT_CLOSE_GRACE_MS, DEFAULT_KILL_AFTER_MS, DEFAULT_STDERR_TAIL_BYTES } from './limits.js';
import type { SpawnClaudeCodeProcess } from './spawned-process.js';

/** Options of `SubprocessTransport`: the CLI options plus how to find, run and stop the process. */
export interface SubprocessTransportOptions extends CliOptions {
  /** Run exactly this CLI file (a `.js`/`.mjs`/`.cjs` file runs under Node). Default: discovered. */
  pathToClaudeCodeExecutable?: string;
  /** Arguments for the JavaScript runtime when the CLI is a script. */
  executableArgs?: string[];
  /**
   * The JavaScript runtime for a script CLI (`.js`/`.mjs`/`.cjs`): `node`, `bun` or `deno`, found
   * on `PATH`. Default: this process's own Node. A native binary runs as itself either way. At
   * run time any command is taken, as the official SDK takes it: a path such as
   * `process.execPath`, or another name on `PATH`.
   */
  executable?: JavaScriptRuntime;
  /**
   * Starts the CLI process yourself (in a VM, a container, over SSH) instead of a local spawn:
   * called once by `start()` with the command line, environment and an abort signal, and the
   * returned process is driven like a spawned CLI (stdin, stdout, exit, staged `kill()` at
   * close). The CLI file need not exist on this machine.
   */
  spawnClaudeCodeProcess?: SpawnClaudeCodeProcess;
  /** Folder the CLI's npm package is resolved from. Default `process.cwd()`. */
  resolveFrom?: string;
  /** Working directory of the CLI; must exist. Default: this process's. */
  cwd?: string;
  /**
   * The CLI's environment. When given it replaces the inherited one entirely, as the official SDK's
   * `env` does: it is not merged with `process.env`, so spread `process.env` yourself when the CLI
   * still needs `PATH`, `HOME` or a token from it. A variable whose value is `undefined` is left
   * out. Unset, the CLI inherits `process.env` (without `CLAUDECODE`). Either way
   * `CLAUDE_CODE_ENTRYPOINT` (`sdk-ts`), `BUN_ENABLE_CRASH_REPORTING` (`0`) and
   * `CLAUDE_AGENT_SDK_VERSION` are added when absent, and `PWD` is set to `cwd` when that is given.
   */
  env?: Record<string, string | undefined>;
  /**
   * Receives the CLI's stderr as text: joined, the calls are what it wrote (line breaks as `\n`), as
   * with the official SDK's chunks, but each call is one whole line with its `\n` (the last piece
   * without one if the CLI ended without a line break), never cut mid-line. A line over 1 MiB is
   * left out. Errors thrown by it are swallowed.
   */
  stderr?: (data: string) => void;
  /** Largest stdout line (one message) in bytes. Default `DEFAULT_MAX_LINE_BYTES` (128 MiB). */
  maxLineBytes?: number;
  /**
   * Raw-line mode: each stdout line goes to `onrawline` as bytes, unparsed, and `onmessage` is
   * not called. For bridges that forward lines they do not read. Default `false`.
   */
  rawLines?: boolean;
  /** Wait after stdin EOF before SIGTERM, in ms. Default {@link DEFAULT_CLOSE_GRACE_MS}. */
  closeGraceMs?: number;
  /** Wait after SIGTERM before SIGKILL, in ms. Default {@link DEFAULT_KILL_AFTER_MS}. */
  killAfterMs?: number;
  /** Bytes of stderr kept for errors. Default {@link DEFAULT_STDERR_TAIL_BYTES}. */
  stderrTailBytes?: number;
}

/** The transport's own settings after validation, with defaults applied. */
export interface ResolvedTransportSettings {
  maxLineBytes: number;
  rawLines: boolean;
  closeGraceMs: number;
  killAfterMs: number;
  stderrTailBytes: number;
}

/** Validates the transport's own options (not the CLI flags) and applies defaults. */
export function resolveTransportSettings(options: SubprocessTransportOptions): ResolvedTransportSettings {
  checkRecord('options', options);
  if (options.stderr !== undefined && typeof options.stderr !== 'function') {
    throw invalidOption('stderr', 'a function', options.stderr);
  }
  if (options.cwd !== undefined) checkNonEmpty('cwd', options.cwd);
  if (options.resolveFrom !== undefined) checkNonEmpty('resolveFrom', options.resolveFrom);
  if (options.pathToClaudeCodeExecutable !== undefined) {
    checkNonEmpty('pathToClaudeCodeExecutable', options.pathToClaudeCodeExecutable);
  }
  if (options.executableArgs !== undefined) {
    if (!Array.isArray(options.executableArgs)) {
      throw invalidOption('executableArgs', 'an array of strings', options.executableArgs);
    }
    options.executableArgs.forEach((arg, i) => {
      if (typeof arg !== 'string' || arg.includes('\0')) {
        throw invalidOption(`executableArgs[${i}]`, 'a string without NUL bytes', arg);
      }
    });
  }
  if (options.env !== undefined) checkRecord('env', options.env);
  if (options.executable !== undefined) checkNonEmpty('executable', options.executable);
  if (options.spawnClaudeCodeProcess !== undefined && typeof options.spawnClaudeCodeProcess !== 'function') {
    throw invalidOption('spawnClaudeCodeProcess', 'a function', options.spawnClaudeCodeProcess);
  }
  if (options.rawLines !== undefined && typeof options.rawLines !== 'boolean') {
    throw invalidOption('rawLines', 'a boolean', options.rawLines);
  }
  return {
    rawLines: options.rawLines === true,
    maxLineBytes: integerOption('maxLineBytes', options.maxLineBytes, DEFAULT_MAX_LINE_BYTES, 1),
    closeGraceMs: integerOption('closeGraceMs', options.closeGraceMs, DEFAULT_CLOSE_GRACE_MS, 0),
    killAfterMs: integerOption('killAfterMs', options.killAfterMs, DEFAULT_KILL_AFTER_MS, 0),
    stderrTailBytes: integerOption('stderrTailBytes', options.stderrTailBytes, DEFAULT_STDERR_TAIL_BYTES, 0),
  };
}

/** Largest delay a Node timer accepts, in ms (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

function integerOption(name: string, value: unknown, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > MAX_TIMER_MS) {
    throw invalidOption(name, `an integer from ${min} to ${MAX_TIMER_MS}`, value);
  }
  return value;
}
