import { encodeJsonLine, type Transport, type TransportCloseInfo } from '@ccsdk/control-protocol';
import { buildCliArgs } from './build-cli-args.js';
import { buildCliEnv } from './build-cli-env.js';
import { buildProcessEnv } from './build-env.js';
import { type RegisteredGroup, registerGroup } from './child-registry.js';
import { endGroupSurvivors } from './end-group-survivors.js';
import { ProcessExitError, SubprocessTransportError } from './errors.js';
import { findClaudeCodeCli } from './find-cli.js';
import { WRITE_FAILURE_EXIT_WAIT_MS } from './limits.js';
import { readAsOfficial } from './official-reading.js';
import { signalGroup } from './process-group.js';
import { type CliChildProcess, spawnCli } from './spawn-cli.js';
import { isDirectory, mapSpawnError, workingDirectoryError } from './spawn-errors.js';
import { type AdoptedProcess, adoptSpawnedProcess, cliForCustomSpawn } from './spawned-process.js';
import { StderrReader } from './stderr-reader.js';
import { createStdoutReader } from './stdout-reader.js';
import {
  type ResolvedTransportSettings,
  resolveTransportSettings,
  type SubprocessTransportOptions,
} from './transport-options.js';
import { deferred, settlesWithin } from './wait.js';

type State = 'idle' | 'starting' | 'running' | 'closed';

/**
 * Runs the Claude Code CLI as a child process and speaks stream-JSON over its stdio.
 *
 * - `start()` finds the CLI, spawns it (no shell) as the leader of its own process group, and
 *   resolves once it runs. It rejects with `CLINotFoundError`, or a `SubprocessTransportError`
 *   with code `WORKING_DIRECTORY_NOT_FOUND` or `SPAWN_FAILED`.
 * - stdout is split into JSON values (`onmessage`); a line that is not JSON goes to `onerror` and
 *   reading goes on. With `rawLines: true` each line goes to `onrawline` as bytes instead, never
 *   parsed. stderr feeds the `stderr` callback (whole lines, each with its `\n`) and a bounded tail.
 * - `send()` (a value) and `sendRawLine()` (bytes or text) write one line each, one at a time in
 *   call order, and resolve once it was written out (drained). A write that fails, or is refused,
 *   because the CLI exited on its own waits for the exit (at most `WRITE_FAILURE_EXIT_WAIT_MS`)
 *   and rejects with the same `ProcessExitError` as `onclose`, naming exit code and stderr.
 * - `close()` ends stdin, waits `closeGraceMs`, sends SIGTERM to the group, then SIGKILL
 *   `killAfterMs` later; it resolves when the CLI has exited and no process of its group is left.
 * - `onclose` fires once: `{}` for exit code 0 or a shutdown we caused; otherwise
 *   `{ error: ProcessExitError }` with the exit code, signal and stderr tail.
 * - A module registry signals every live group when this process exits or is interrupted.
 */
export class SubprocessTransport implements Transport {
  /** Receives each JSON value the CLI writes to stdout, in order. Not called with `rawLines: true`. */
  onmessage?: (message: unknown) => void;
  /**
   * With `rawLines: true`, receives each non-empty stdout line as bytes, in order, without its
   * `\n` (or a `\r` before it) and without being parsed or decoded. The array may be a view into
   * the chunk read from the pipe; the transport never writes to it or reuses it, so it may be
   * kept. Over-long lines (`maxLineBytes`) go to `onerror` as `LINE_TOO_LONG` and are skipped; a
   * fragment without a newline at the end of stdout as `TRUNCATED_LINE`; a throw from this
   * callback as `HANDLER_FAILED`.
   */
  onrawline?: (line: Uint8Array) => void;
  /** Receives non-fatal problems: a stdout line that is not JSON, a callback that threw. */
  onerror?: (error: Error) => void;
  /** Fires exactly once when the transport has closed. */
  onclose?: (info: TransportCloseInfo) => void;

  readonly #options: SubprocessTransportOptions;
  readonly #settings: ResolvedTransportSettings;
  readonly #cliArgs: string[];
  readonly #cliEnv: Record<string, string>;
  readonly #stderr: StderrReader;
  #state: State = 'idle';
  #child: CliChildProcess | undefined;
  #group: RegisteredGroup | undefined;
  #startPromise: Promise<void> | undefined;
  #closePromise: Promise<void> | undefined;
  #writeChain: Promise<void> = Promise.resolve();
  #inputEnded = false;
  #spawned = false;
  #exited = false;
  #signalledByUs = false;
  #exitCode: number | null = null;
  #exitSignal: NodeJS.Signals | null = null;
  #closeFired = false;
  /** The error `onclose` reported (a `ProcessExitError`), once it fired with one. */
  #exitError: Error | undefined;
  readonly #exit = deferred();
  readonly #finished = deferred();
  #treeGone: Promise<void> = Promise.resolve();
  /** Set when `spawnClaudeCodeProcess` started the process: it is signalled directly, not as a group. */
  #adopted: AdoptedProcess | undefined;
  /** The `signal` handed to `spawnClaudeCodeProcess`: aborted when the graceful close is over. */
  readonly #spawnAbort = new AbortController();

  /** Validates every option now; a bad one throws a `TypeError` quoting it. */
  constructor(given: SubprocessTransportOptions = {}) {
    const options = readAsOfficial(given);
    this.#settings = resolveTransportSettings(options);
    this.#options = options;
    this.#cliArgs = buildCliArgs(options);
    this.#cliEnv = buildCliEnv(options);
    this.#stderr = new StderrReader({
      tailBytes: this.#settings.stderrTailBytes,
      ...(options.stderr ? { onText: options.stderr } : {}),
      onError: (error) => this.#reportError(error),
    });
  }

  /** Process id of the CLI once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Exit code once the CLI has exited with one; `null` while running or when ended by a signal. */
  get exitCode(): number | null {
    return this.#exitCode;
  }

  /** The last bytes of the CLI's stderr (at most `stderrTailBytes`). */
  get stderrTail(): string {
    return this.#stderr.tail;
  }

  /** Finds and spawns the CLI. Rejects if it cannot run; may be called once. */
  start(): Promise<void> {
    if (this.#state !== 'idle') {
      return Promise.reject(
        this.#state === 'closed'
          ? closedError('The transport is closed; create a new one.')
          : new SubprocessTransportError({ code: 'ALREADY_STARTED', message: 'start() was already called.' }),
      );
    }
    this.#state = 'starting';
    this.#startPromise = this.#spawn();
    return this.#startPromise;
  }

  /** Writes one JSON value as one line. Serialized; resolves once written out. */
  async send(message: unknown): Promise<void> {
    const refusal = this.#sendRefusal();
    if (refusal !== undefined) throw await this.#explainRefusal(refusal);
    return this.#enqueueWrite([encodeJsonLine(message)]);
  }

  /**
   * Writes `line` (bytes, or text written as UTF-8) plus a newline, unparsed: the raw-line
   * counterpart of `send()`, usable in either mode, with the same ordering (one queue with
   * `send()`), drain and closed-state rules. Rejects with a `TypeError` when `line` is not a
   * `Uint8Array` or string or contains a newline (it would become two lines). The bytes are
   * written later, in queue order: do not change them until the promise settles.
   */
  sendRawLine(line: Uint8Array | string): Promise<void> {
    const refusal = this.#sendRefusal();
    if (refusal !== undefined) return this.#explainRefusal(refusal).then((error) => Promise.reject(error));
    const isBytes = line instanceof Uint8Array;
    if (!isBytes && typeof line !== 'string') {
      return Promise.reject(
        new TypeError(`sendRawLine() needs a Uint8Array or a string, got ${describeLine(line)}`),
      );
    }
    if (isBytes ? line.includes(NEWLINE_BYTE) : line.includes('\n')) {
      return Promise.reject(
        new TypeError(
          'sendRawLine() needs one line without a newline; split the input into lines first, got one containing "\\n".',
        ),
      );
    }
    return this.#enqueueWrite(isBytes ? [line, NEWLINE_CHUNK] : [`${line}\n`]);
  }

  #enqueueWrite(chunks: ReadonlyArray<string | Uint8Array>): Promise<void> {
    const write = this.#writeChain.then(() => this.#writeChunks(chunks));
    this.#writeChain = write.catch(() => undefined);
    return write;
  }

  /** Ends the CLI's stdin after queued writes. Idempotent; a no-op once closed. */
  async endInput(): Promise<void> {
    if (this.#state === 'idle' || this.#state === 'starting') {
      throw new SubprocessTransportError({ code: 'NOT_STARTED', message: 'Call start() before endInput().' });
    }
    if (this.#inputEnded) return;
    this.#inputEnded = true;
    await this.#writeChain;
    await this.#endStdin();
  }

  /** Stops the CLI and its process group in stages; resolves when they are gone. Idempotent. */
  close(): Promise<void> {
    this.#closePromise ??= this.#shutdown();
    return this.#closePromise;
  }

  async #spawn(): Promise<void> {
    const options = this.#options;
    let child: CliChildProcess;
    try {
      const findOptions = {
        ...(options.pathToClaudeCodeExecutable === undefined
          ? {}
          : { pathToClaudeCodeExecutable: options.pathToClaudeCodeExecutable }),
        ...(options.resolveFrom === undefined ? {} : { resolveFrom: options.resolveFrom }),
        ...(options.executableArgs === undefined ? {} : { executableArgs: options.executableArgs }),
        ...(options.executable === undefined ? {} : { executable: options.executable }),
      };
      // A caller-run process may live elsewhere (a VM, a container): its CLI and folder need not exist here.
      const custom = options.spawnClaudeCodeProcess !== undefined;
      const cli = custom ? cliForCustomSpawn(findOptions) : findClaudeCodeCli(findOptions);
      if (!custom && options.cwd !== undefined && !isDirectory(options.cwd)) {
        throw workingDirectoryError(options.cwd);
      }
      const env = buildProcessEnv({
        ...(options.env === undefined ? {} : { env: options.env }),
        cliEnv: this.#cliEnv,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      });
      const request = { command: cli.command, args: [...cli.args, ...this.#cliArgs], cwd: options.cwd, env };
      if (options.spawnClaudeCodeProcess !== undefined) {
        // The caller's function runs the process; what it throws reaches start() unchanged.
        this.#adopted = adoptSpawnedProcess(
          options.spawnClaudeCodeProcess({ ...request, signal: this.#spawnAbort.signal }),
        );
        child = this.#adopted.child;
      } else {
        try {
          child = spawnCli(request);
        } catch (error) {
          throw mapSpawnError(error, cli.command, options.cwd);
        }
      }
      this.#child = child;
      this.#wire(child);
      await new Promise<void>((resolve, reject) => {
        child.once('spawn', resolve);
        child.once('error', (error) => reject(mapSpawnError(error, cli.command, options.cwd)));
      });
      this.#spawned = true;
    } catch (error) {
      this.#state = 'closed';
      if (this.#closePromise !== undefined) this.#fireClose({});
      throw error;
    }
    this.#state = 'running';
    const pid = child.pid;
    if (pid !== undefined) this.#group = registerGroup(pid);
    child.on('error', (error) => this.#reportError(error));
  }

  #wire(child: CliChildProcess): void {
    const decoder = createStdoutReader({
      sink: this.#settings.rawLines
        ? { kind: 'raw-lines', onLine: (line) => this.onrawline?.(line) }
        : { kind: 'values', onValue: (value) => this.#deliver(value) },
      onError: (error) => this.#reportError(error),
      maxLineBytes: this.#settings.maxLineBytes,
    });
    child.stdout.on('data', (chunk: Uint8Array) => decoder.write(chunk));
    child.stdout.on('end', () => decoder.end());
    child.stdout.on('error', () => undefined);
    child.stderr.on('data', (chunk: Uint8Array) => this.#stderr.write(chunk));
    child.stderr.on('end', () => this.#stderr.end());
    child.stderr.on('error', () => undefined);
    child.stdin.on('error', () => undefined);
    let streamsDeadline: NodeJS.Timeout | undefined;
    child.on('exit', (code, signal) => {
      this.#exited = true;
      this.#exitCode = code;
      this.#exitSignal = signal;
      this.#exit.resolve();
      this.#treeGone = this.#sweepGroup();
      // A process outside the group (one that called setsid) may still hold stdout open; do not
      // wait for it longer than the group gets to die.
      streamsDeadline = setTimeout(() => this.#abandonStreams(child), this.#settings.killAfterMs);
    });
    child.on('close', () => {
      clearTimeout(streamsDeadline);
      if (this.#spawned) this.#fireClose(this.#closeInfo());
    });
  }

  async #shutdown(): Promise<void> {
    if (this.#state === 'idle') {
      this.#state = 'closed';
      this.#fireClose({});
      return;
    }
    if (this.#startPromise !== undefined) await this.#startPromise.catch(() => undefined);
    const child = this.#child;
    const pid = child?.pid;
    if (child === undefined || (pid === undefined && this.#adopted === undefined) || !this.#spawned) {
      this.#fireClose({});
      return;
    }
    const { closeGraceMs, killAfterMs } = this.#settings;
    this.#inputEnded = true;
    void this.#endStdin();
    if (!this.#exited && !(await settlesWithin(this.#exit.promise, closeGraceMs))) {
      this.#signalledByUs = true;
      this.#group?.markTerminating();
      this.#spawnAbort.abort();
      this.#signal(pid, 'SIGTERM');
      if (!(await settlesWithin(this.#exit.promise, killAfterMs))) {
        this.#signal(pid, 'SIGKILL');
        if (!(await settlesWithin(this.#exit.promise, killAfterMs))) {
          this.#abandonStreams(child);
          this.#fireClose({});
          return;
        }
      }
    }
    await this.#finished.promise;
    await this.#treeGone;
  }

  /** Signals the CLI's process group, or a caller-spawned process directly. */
  #signal(pid: number | undefined, signal: NodeJS.Signals): void {
    if (this.#adopted !== undefined) this.#adopted.signal(signal);
    else if (pid !== undefined) signalGroup(pid, signal);
  }

  /** After the leader exits, ends whatever is left of its process group, then unregisters it. */
  async #sweepGroup(): Promise<void> {
    const pid = this.#child?.pid;
    if (pid !== undefined) {
      await endGroupSurvivors(pid, {
        killAfterMs: this.#settings.killAfterMs,
        onTerminating: () => this.#group?.markTerminating(),
      });
    }
    this.#group?.release();
  }

  #closeInfo(): TransportCloseInfo {
    if (this.#exitCode === 0 || this.#signalledByUs) return {};
    return {
      error: new ProcessExitError({
        exitCode: this.#exitCode,
        signal: this.#exitSignal,
        stderrTail: this.#stderr.tail,
      }),
    };
  }

  #fireClose(info: TransportCloseInfo): void {
    if (this.#closeFired) return;
    this.#closeFired = true;
    this.#exitError = info.error;
    this.#state = 'closed';
    this.#spawnAbort.abort();
    this.#finished.resolve();
    try {
      this.onclose?.(info);
    } catch (error) {
      this.#reportError(error);
    }
  }

  #sendRefusal(): Error | undefined {
    if (this.#state === 'idle' || this.#state === 'starting') {
      return new SubprocessTransportError({
        code: 'NOT_STARTED',
        message: 'Call start() and await it before send().',
      });
    }
    const closed = this.#closedRefusal();
    if (closed !== undefined) return closed;
    if (this.#inputEnded) {
      return new SubprocessTransportError({
        code: 'INPUT_ENDED',
        message: 'endInput() was called; no more messages can be sent.',
      });
    }
    return undefined;
  }

  #closedRefusal(): Error | undefined {
    if (this.#state === 'closed' || this.#exited || this.#closePromise !== undefined) {
      return closedError(
        'The Claude Code process has exited or the transport was closed; messages can no longer be sent.',
      );
    }
    return undefined;
  }

  /**
   * Writes one line's chunks queued before any endInput()/close(); only a closed transport refuses
   * it now. A write that fails because the CLI is exiting rejects with its `ProcessExitError`.
   */
  async #writeChunks(chunks: ReadonlyArray<string | Uint8Array>): Promise<void> {
    const refusal = this.#closedRefusal();
    const stdin = this.#child?.stdin;
    if (refusal !== undefined || stdin === undefined || !stdin.writable) {
      throw await this.#explainRefusal(refusal ?? closedError('The CLI no longer accepts input.'));
    }
    const failure = await new Promise<Error | undefined>((resolve) => {
      const done = (error: Error | null | undefined): void => {
        resolve(error ? closedError('Writing to the CLI failed; it has probably exited.', error) : undefined);
      };
      // Corked, the chunks of one line leave in one write; the last callback means all were written.
      stdin.cork();
      chunks.forEach((chunk, i) => {
        stdin.write(chunk, i === chunks.length - 1 ? done : undefined);
      });
      stdin.uncork();
    });
    if (failure !== undefined) throw await this.#explainWriteFailure(failure);
  }

  /**
   * A write refused for being closed: when the CLI went away on its own (not `close()` from the
   * caller, not `endInput()`), the reason is its exit; see {@link #explainWriteFailure}.
   */
  #explainRefusal(refusal: Error): Promise<Error> {
    const callerClosed = this.#closePromise !== undefined && !this.#exited;
    if (
      callerClosed ||
      !SubprocessTransportError.isInstance(refusal) ||
      refusal.code !== 'TRANSPORT_CLOSED'
    ) {
      return Promise.resolve(refusal);
    }
    return this.#explainWriteFailure(refusal);
  }

  /**
   * A failed write usually means the CLI is exiting: waits at most `WRITE_FAILURE_EXIT_WAIT_MS`
   * for the exit and the end of its stderr, then returns the `ProcessExitError` that names the
   * exit code and stderr tail, or `fallback` when the exit was clean, ours, or not seen in time.
   */
  async #explainWriteFailure(fallback: Error): Promise<Error> {
    if (this.#closePromise === undefined || this.#exited) {
      await settlesWithin(this.#finished.promise, WRITE_FAILURE_EXIT_WAIT_MS);
    }
    return this.#exitError ?? fallback;
  }

  #endStdin(): Promise<void> {
    const stdin = this.#child?.stdin;
    if (stdin === undefined || stdin.writableEnded || stdin.destroyed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      stdin.end(() => resolve());
      stdin.once('error', () => resolve());
    });
  }

  #abandonStreams(child: CliChildProcess): void {
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
  }

  #deliver(value: unknown): void {
    try {
      this.onmessage?.(value);
    } catch (error) {
      this.#reportError(error);
    }
  }

  #reportError(error: unknown): void {
    try {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    } catch {
      // onerror is a sink of last resort; a failure inside it is dropped.
    }
  }
}

const NEWLINE_BYTE = 0x0a;
const NEWLINE_CHUNK = new Uint8Array([NEWLINE_BYTE]);

function describeLine(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return Object.prototype.toString.call(value);
  return `${typeof value} ${String(value).slice(0, 40)}`;
}

function closedError(message: string, cause?: unknown): SubprocessTransportError {
  return new SubprocessTransportError({ code: 'TRANSPORT_CLOSED', message, cause });
}
