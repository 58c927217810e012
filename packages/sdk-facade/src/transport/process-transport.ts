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
