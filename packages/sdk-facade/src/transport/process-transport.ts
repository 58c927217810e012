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
