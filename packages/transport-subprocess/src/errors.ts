const MARKER = Symbol.for('@ccsdk/transport-subprocess.error');

/**
 * Stable codes of {@link SubprocessTransportError}. Callers and tests branch on these, never on
 * message text.
 *
 * - `CLI_NOT_FOUND`: no Claude Code executable was found, or the one named could not be run.
 * - `PROCESS_EXITED`: the CLI exited non-zero or was killed by a signal we did not send.
 * - `WORKING_DIRECTORY_NOT_FOUND`: `cwd` does not exist or is not a directory.
 * - `NOT_STARTED`: `send()`/`endInput()` before `start()` resolved.
 * - `ALREADY_STARTED`: `start()` called a second time.
 * - `INPUT_ENDED`: `send()` after `endInput()`.
 * - `TRANSPORT_CLOSED`: the process has exited or `close()` was called.
 * - `SPAWN_FAILED`: the operating system refused to start the process for another reason.
 */
export type SubprocessTransportErrorCode =
  | 'CLI_NOT_FOUND'
  | 'PROCESS_EXITED'
  | 'WORKING_DIRECTORY_NOT_FOUND'
  | 'NOT_STARTED'
  | 'ALREADY_STARTED'
  | 'INPUT_ENDED'
  | 'TRANSPORT_CLOSED'
  | 'SPAWN_FAILED';

/** Constructor argument of {@link SubprocessTransportError}. */
export interface SubprocessTransportErrorInit {
  /** The error's stable code. */
  code: SubprocessTransportErrorCode;
  /** What happened and what to do next. */
  message: string;
  /** The underlying error, kept as `cause`. */
  cause?: unknown;
}

/**
 * The one error base class of `@ccsdk/transport-subprocess`. `code` says what went wrong;
 * `cause` keeps the underlying error. Use {@link SubprocessTransportError.isInstance} to
 * recognise one across duplicated copies of this package.
 */
export class SubprocessTransportError extends Error {
  /** What went wrong, as a stable string. */
  readonly code: SubprocessTransportErrorCode;
  /**
   * The brand that `isInstance` looks for, so the check works across duplicate installs of the package.
   * @internal
   */
  readonly [MARKER] = true;

  constructor(init: SubprocessTransportErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SubprocessTransportError';
    this.code = init.code;
  }

  /** True for any `SubprocessTransportError` (subclasses included), even from another package copy. */
  static isInstance(error: unknown): error is SubprocessTransportError {
    return typeof error === 'object' && error !== null && MARKER in error;
  }
}

/** How to get the CLI, quoted by {@link CLINotFoundError}. */
export const CLI_INSTALL_HINT =
  'Install it with `npm install @anthropic-ai/claude-code` (the platform binary comes with it), ' +
  'or pass `pathToClaudeCodeExecutable` with the full path of a `claude` executable.';

/**
 * The Claude Code CLI could not be found or could not be executed (code `CLI_NOT_FOUND`).
 * `searched` lists every place that was tried, in order.
 */
export class CLINotFoundError extends SubprocessTransportError {
  /** Every location tried, in order (paths, package names, PATH entries). */
  readonly searched: readonly string[];

  constructor(init: { message: string; searched?: readonly string[]; cause?: unknown }) {
    super({ code: 'CLI_NOT_FOUND', message: init.message, cause: init.cause });
    this.name = 'CLINotFoundError';
    this.searched = init.searched ?? [];
  }
}

/**
 * The CLI ended on its own with a non-zero exit code or by a signal we did not send (code
 * `PROCESS_EXITED`). The message ends with the tail of its stderr, which usually names the cause.
 */
export class ProcessExitError extends SubprocessTransportError {
  /** The exit code, or `null` when the process was ended by a signal. */
  readonly exitCode: number | null;
  /** The signal that ended the process, or `null` when it exited with a code. */
  readonly signal: NodeJS.Signals | null;
  /** The last bytes the process wrote to stderr (bounded by `stderrTailBytes`). */
  readonly stderrTail: string;

  constructor(init: { exitCode: number | null; signal: NodeJS.Signals | null; stderrTail: string }) {
    const how = init.signal === null ? `with code ${String(init.exitCode)}` : `on signal ${init.signal}`;
    const tail = init.stderrTail.trimEnd();
    super({
      code: 'PROCESS_EXITED',
      message:
        `Claude Code exited ${how}. ` +
        (tail === ''
          ? 'It wrote nothing to stderr; set the `debug` option to make it log more.'
          : `Its stderr ended with:\n${tail}`),
    });
    this.name = 'ProcessExitError';
    this.exitCode = init.exitCode;
    this.signal = init.signal;
    this.stderrTail = init.stderrTail;
  }
}
