import type { ControlRequestContext, HookEvent, HookInput } from '@ccsdk/control-protocol';
import { describeValue } from '../errors/describe-value.js';
import { HookError } from './hook-error.js';
import { hookOutputToWire } from './hook-output-to-wire.js';
import type { HookCallback } from './hook-types.js';
import { HOOK_TIMEOUT_REPLY_GRACE_MS } from './limits.js';
import { settleOrAbort, untilAbortedOrElapsed } from './settle-or-abort.js';

/** A callback registered under one `hook_<n>` id. */
export interface RegisteredHook {
  readonly id: string;
  readonly event: HookEvent;
  readonly callback: HookCallback;
  /** The matcher's timeout in ms, enforced on the callback's signal; undefined for none. */
  readonly timeoutMs: number | undefined;
}

/**
 * Answers one `hook_callback` control request: calls the callback with `(input, tool_use_id,
 * { signal })` and resolves with its output in wire form.
 *
 * - The signal aborts when the CLI cancels, when the channel closes, and when the timeout passes.
 *   Once it aborted, the callback's answer is no longer awaited.
 * - Cancel or close: rethrows the abort reason; the channel sends no reply.
 * - Timeout: reports a `HOOK_TIMEOUT` through `warn`, then waits (at most
 *   {@link HOOK_TIMEOUT_REPLY_GRACE_MS}) for the CLI's own cancel, so the CLI's timeout rule
 *   decides, and throws only after that.
 * - A throw or an invalid answer: throws a `HookError`; the channel answers with an error reply
 *   and reports the failure to its `onError`.
 */
export async function runHookCallback(
  hook: RegisteredHook,
  request: Record<string, unknown>,
  context: Pick<ControlRequestContext, 'signal'>,
  warn: (error: Error) => void,
): Promise<Record<string, unknown>> {
  const input = request['input'];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(`hook_callback for ${hook.id} carried no input object, got ${describeValue(input)}`);
  }
  const toolUseId = typeof request['tool_use_id'] === 'string' ? request['tool_use_id'] : undefined;
  const channelSignal = context.signal;
  const controller = new AbortController();
  const forwardAbort = (): void => controller.abort(channelSignal.reason);
  if (channelSignal.aborted) forwardAbort();
  else channelSignal.addEventListener('abort', forwardAbort, { once: true });
  let timedOut: HookError | undefined;
  const timer =
    hook.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = timeoutError(hook);
          controller.abort(timedOut);
        }, hook.timeoutMs);
  try {
    const settlement = await settleOrAbort(
      () => hook.callback(input as HookInput, toolUseId, { signal: controller.signal }),
      controller.signal,
    );
    if (settlement.kind === 'value') return outputOf(hook, settlement.value);
    if (settlement.kind === 'error' && !controller.signal.aborted) {
      throw new HookError({
        code: 'HOOK_CALLBACK_FAILED',
        message: `The ${hook.event} hook callback ${hook.id} failed: ${messageOf(settlement.error)}`,
        callbackId: hook.id,
        event: hook.event,
        cause: settlement.error,
        replyText: messageOf(settlement.error),
      });
    }
    if (timedOut !== undefined && !channelSignal.aborted) {
      warn(timedOut);
      await untilAbortedOrElapsed(channelSignal, HOOK_TIMEOUT_REPLY_GRACE_MS);
      throw timedOut;
    }
    throw controller.signal.reason;
  } finally {
    clearTimeout(timer);
    channelSignal.removeEventListener('abort', forwardAbort);
  }
}

function outputOf(hook: RegisteredHook, value: unknown): Record<string, unknown> {
  try {
    return hookOutputToWire(value);
  } catch (error) {
    throw new HookError({
      code: 'INVALID_HOOK_OUTPUT',
      message: `The ${hook.event} hook callback ${hook.id} gave an invalid answer: ${messageOf(error)}`,
      callbackId: hook.id,
      event: hook.event,
      cause: error,
    });
  }
}

function timeoutError(hook: RegisteredHook): HookError {
  return new HookError({
    code: 'HOOK_TIMEOUT',
    message: `The ${hook.event} hook callback ${hook.id} did not answer within ${hook.timeoutMs} ms; the CLI applies its timeout rule (a PreToolUse hook that timed out blocks the tool).`,
    callbackId: hook.id,
    event: hook.event,
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
