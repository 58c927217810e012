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
  write(data: string): void | Promise<void>;
  close(): void;
  isReady(): boolean;
  readMessages(): AsyncGenerator<StdoutMessage, void, unknown>;
  expectControlResponse?(requestId: string): void;
  markDelivered?(message: object): void;
  endInput(): void;
  waitForExit?(): Promise<void>;
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
  kill(signal: NodeJS.Signals): boolean;
  on(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  off(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  off(event: 'error', listener: (error: Error) => void): void;
}
