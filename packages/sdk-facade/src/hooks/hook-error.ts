import { SdkError } from '../errors.js';

/**
 * Stable codes of {@link HookError}:
 * - `HOOK_TIMEOUT`: a callback did not answer within its matcher's timeout.
 * - `HOOK_CALLBACK_FAILED`: a callback threw or rejected.
 * - `INVALID_HOOK_OUTPUT`: a callback resolved with something that is not a hook output object.
 * - `UNKNOWN_HOOK_CALLBACK`: the CLI asked for a callback id this query never registered.
 */
export type HookErrorCode =
  | 'HOOK_TIMEOUT'
  | 'HOOK_CALLBACK_FAILED'
  | 'INVALID_HOOK_OUTPUT'
  | 'UNKNOWN_HOOK_CALLBACK';

/**
 * A hook callback failed, timed out or could not be found. Its message becomes the error reply
 * the CLI receives; it also reaches `onWarning`. `event` and `callbackId` say which hook.
 */
export class HookError extends SdkError {
  /** The hook event, when known. */
  readonly event: string | undefined;
  /** The callback id (`hook_<n>`) the CLI asked for. */
  readonly callbackId: string;

  constructor(init: {
    code: HookErrorCode;
    message: string;
    callbackId: string;
    event?: string;
    cause?: unknown;
  }) {
    // The package's code union is owned by errors.ts; these codes extend it.
    super({ code: init.code, message: init.message, cause: init.cause });
    this.name = 'HookError';
    this.event = init.event;
    this.callbackId = init.callbackId;
  }
}
