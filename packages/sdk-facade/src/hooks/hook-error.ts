import type { HookErrorCode } from '../errors/error-codes.js';
import { SdkError } from '../errors/sdk-error.js';

export type { HookErrorCode } from '../errors/error-codes.js';

/**
 * A hook callback failed, timed out or could not be found. Its message becomes the error reply
 * the CLI receives; it also reaches `onWarning`. `event` and `callbackId` say which hook.
 */
export class HookError extends SdkError {
  /** The hook event, when known. */
  readonly event: string | undefined;
  /** The callback id (`hook_<n>`) the CLI asked for. */
  readonly callbackId: string;
  /**
   * What the CLI is told in the error reply, when it is not the message: for a callback that
   * threw, the callback's own message, as the official SDK sends it.
   */
  readonly replyText: string | undefined;

  constructor(init: {
    code: HookErrorCode;
    message: string;
    callbackId: string;
    event?: string;
    cause?: unknown;
    replyText?: string;
  }) {
    super({ code: init.code, message: init.message, cause: init.cause });
    this.name = 'HookError';
    this.event = init.event;
    this.callbackId = init.callbackId;
    this.replyText = init.replyText;
  }
}
