import type { Readable, Writable } from 'node:stream';
import type {
  SDKActiveGoalMessage,
  SDKControlCancelRequest,
  SDKControlRequest,
  SDKControlResponse,
  SDKMessage,
} from '@ccsdk/control-protocol';

/** One value a process transport reads from the CLI: an SDK message or control traffic. */
export type StdoutMessage =
  | SDKMessage
  | SDKActiveGoalMessage
  | SDKControlResponse
  | SDKControlRequest
  | SDKControlCancelRequest
  | { type: 'keep_alive' };

/**
 * The official SDK's transport interface: lines written as strings, messages read as an async
 * generator. Exported for compatibility; the official `Options` has no key that takes one.
 * ccsdk's own seam is `@ccsdk/control-protocol`'s `Transport` (`start`/`send`/`endInput`/
 * `close` with callbacks), which `options.transport` takes.
 */
export interface Transport {
  /** Sends one line (a JSON message and its newline) to the CLI. */
  write(data: string): void | Promise<void>;
  /** Stops the transport: no more writes, and the CLI is ended. */
  close(): void;
  /** True once the transport can take writes. */
  isReady(): boolean;
  /** The messages the CLI writes, in order; ends when its output ends. */
  readMessages(): AsyncGenerator<StdoutMessage, void, unknown>;
  /** Told that a `control_response` to `requestId` is awaited. */
  expectControlResponse?(requestId: string): void;
  /** Told that `message`, read from {@link Transport.readMessages}, has been handed on to the caller. */
  markDelivered?(message: object): void;
  /** Closes the CLI's input; the session finishes what it has and ends. */
  endInput(): void;
  /** Resolves when the CLI process has exited. */
  waitForExit?(): Promise<void>;
  /** Closes the transport, for `using`. */
  [Symbol.dispose]?(): void;
}

/** What `spawnClaudeCodeProcess` is asked to start: the command line, folder and environment. */
export interface SpawnOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: { [envVar: string]: string | undefined };
  /** Aborts when the query ends; the process should then be stopped. */
  signal: AbortSignal;
}

/**
 * The process `spawnClaudeCodeProcess` returns: the part of a `ChildProcess` the SDK uses
 * (pipes, exit state, kill, exit and error events). A Node `ChildProcess` spawned with piped
 * stdio fits.
 */
export interface SpawnedProcess {
  stdin: Writable;
  stdout: Readable;
  readonly killed: boolean;
  readonly exitCode: number | null;
  readonly signalCode?: NodeJS.Signals | null;
  /** Sends `signal` to the process; false when it could not be sent. */
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
