import { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { invalidOption } from './cli-args/validate.js';
import { SubprocessTransportError } from './errors.js';
import { type FindClaudeCodeCliOptions, findClaudeCodeCli, type ResolvedCli } from './find-cli.js';
import type { CliChildProcess } from './spawn-cli.js';

/**
 * What `spawnClaudeCodeProcess` is called with: the command line and environment the transport
 * would have spawned itself. `signal` aborts only after the graceful part of `close()` (stdin EOF
 * and the grace period), so tying a VM or container teardown to it is safe.
 */
export interface SpawnOptions {
  /** The executable: the native CLI, or a JavaScript runtime for a script CLI. */
  command: string;
  /** Its arguments: runtime arguments and script path (for a script CLI), then the CLI's flags. */
  args: string[];
  /** The working directory asked for, if any. */
  cwd?: string;
  /** The complete environment for the process. */
  env: { [envVar: string]: string | undefined };
  /** Aborted when the transport gives up on a graceful exit (before it sends SIGTERM). */
  signal: AbortSignal;
}

/**
 * A process started by `spawnClaudeCodeProcess`: a `ChildProcess` satisfies it, and so does any
 * object with these streams and events (a container exec, a remote shell). `stderr` is optional;
 * when present it feeds the `stderr` callback and the error tail like a spawned CLI's.
 */
export interface SpawnedProcess {
  /** The process's stdin: the transport writes JSON lines to it. */
  stdin: Writable;
  /** The process's stdout: the transport reads JSON lines from it. */
  stdout: Readable;
  /** True once the process was sent a signal. */
  readonly killed: boolean;
  /** The exit code once exited, else `null`. */
  readonly exitCode: number | null;
  /** The signal that ended the process, if known. */
  readonly signalCode?: NodeJS.Signals | null;
  /** Sends a signal; used for the SIGTERM and SIGKILL stages of `close()`. */
  kill(signal: NodeJS.Signals): boolean;
  /** Calls `listener` each time the process exits, with its exit code or the signal that ended it. */
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Calls `listener` each time the process fails to start or to be signalled. */
  on(event: 'error', listener: (error: Error) => void): void;
  /** Calls `listener` once, when the process exits. */
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Calls `listener` once, on the process's first error. */
  once(event: 'error', listener: (error: Error) => void): void;
  /** Removes an `exit` listener added with `on` or `once`. */
  off(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** Removes an `error` listener added with `on` or `once`. */
  off(event: 'error', listener: (error: Error) => void): void;
}

/** The caller's spawn function, as `SubprocessTransportOptions.spawnClaudeCodeProcess` takes it. */
export type SpawnClaudeCodeProcess = (options: SpawnOptions) => SpawnedProcess;

/** A caller-spawned process dressed as the child the transport drives, plus how to signal it. */
export interface AdoptedProcess {
  child: CliChildProcess;
  /** Signals the process itself (there is no process group to signal). */
  signal(signal: NodeJS.Signals): void;
}

/**
 * Wraps what `spawnClaudeCodeProcess` returned so the transport drives it like its own child:
 * `spawn` is emitted on the next tick, `exit` and `error` are forwarded, and `close` follows
 * once the process exited and its stdout ended. It has no pid: close() signals it with `kill()`.
 * Throws a `TypeError` when the value lacks the streams or methods the transport needs.
 */
export function adoptSpawnedProcess(spawned: unknown): AdoptedProcess {
  checkSpawned(spawned);
  const events = new EventEmitter();
  const ownStderr = (spawned as { stderr?: unknown }).stderr;
  const stderr: Readable = isReadable(ownStderr) ? ownStderr : new PassThrough();
  let exited = false;
  let stdoutEnded = false;
  let stderrEnded = !isReadable(ownStderr);
  const maybeClose = (): void => {
    if (exited && stdoutEnded && stderrEnded)
      events.emit('close', spawned.exitCode, spawned.signalCode ?? null);
  };
  spawned.stdout.once('end', () => {
    stdoutEnded = true;
    maybeClose();
  });
  spawned.stdout.once('close', () => {
    stdoutEnded = true;
    maybeClose();
  });
  if (!stderrEnded) {
    const done = (): void => {
      stderrEnded = true;
      maybeClose();
    };
    stderr.once('end', done);
    stderr.once('close', done);
  } else {
    (stderr as PassThrough).end();
  }
  spawned.on('exit', (code, signal) => {
    exited = true;
    events.emit('exit', code, signal);
    maybeClose();
  });
  spawned.on('error', (error) => events.emit('error', error));
  const child = Object.assign(events, {
    stdin: spawned.stdin,
    stdout: spawned.stdout,
    stderr,
    pid: undefined,
  }) as unknown as CliChildProcess;
  process.nextTick(() => events.emit('spawn'));
  return {
    child,
    signal(signal) {
      try {
        spawned.kill(signal);
      } catch {
        // A process that cannot be signalled any more has already gone.
      }
    },
  };
}

function checkSpawned(value: unknown): asserts value is SpawnedProcess {
  const candidate = value as Partial<SpawnedProcess> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !isWritable(candidate.stdin) ||
    !isReadable(candidate.stdout) ||
    typeof candidate.kill !== 'function' ||
    typeof candidate.on !== 'function'
  ) {
    throw invalidOption(
      'spawnClaudeCodeProcess',
      'a function returning a SpawnedProcess (stdin, stdout, kill, on)',
      value,
    );
  }
}

function isReadable(value: unknown): value is Readable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Readable).on === 'function' &&
    typeof (value as Readable).read === 'function'
  );
}

function isWritable(value: unknown): value is Writable {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Writable).write === 'function' &&
    typeof (value as Writable).end === 'function'
  );
}

/** A CLI file that runs under a JavaScript runtime. */
const JAVASCRIPT_FILE = /\.(?:js|mjs|cjs)$/i;

/**
 * The command line for a caller-run process: the CLI found as usual when it is here, else the
 * named `pathToClaudeCodeExecutable` as given, else `claude`, for the caller's machine or container
 * to resolve. A JavaScript CLI runs under `executable`, default `node` by name (as the official SDK
 * hands it over: this process's own runtime path may not exist where the caller runs it).
 */
export function cliForCustomSpawn(options: FindClaudeCodeCliOptions): ResolvedCli {
  try {
    const found = findClaudeCodeCli(options);
    return JAVASCRIPT_FILE.test(found.path) && options.executable === undefined
      ? { ...found, command: 'node' }
      : found;
  } catch (error) {
    if (!(SubprocessTransportError.isInstance(error) && error.code === 'CLI_NOT_FOUND')) throw error;
  }
  const file = options.pathToClaudeCodeExecutable ?? 'claude';
  if (JAVASCRIPT_FILE.test(file)) {
    return {
      path: file,
      command: options.executable ?? 'node',
      args: [...(options.executableArgs ?? []), file],
      source: 'explicit',
    };
  }
  return { path: file, command: file, args: [], source: 'explicit' };
}
