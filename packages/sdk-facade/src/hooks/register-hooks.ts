import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { ExtendedOptions } from '../options/options.js';
import { HookError } from './hook-error.js';
import { normalizeHooks } from './normalize-hooks.js';
import { type RegisteredHook, runHookCallback } from './run-hook-callback.js';

/**
 * One matcher as the `initialize` request carries it: no `matcher` for "every call". `timeout` is
 * in seconds, the CLI's unit.
 */
export interface InitializeHookMatcher {
  matcher?: string;
  hookCallbackIds: string[];
  timeout?: number;
  onFailure?: 'continue' | 'block';
}

/** What {@link registerHooks} gives the query: the `initialize` payload and the request handler. */
export interface HookRegistration {
  /**
   * The `hooks` field of `initialize`: matchers by event (`{}` for a `hooks` option without any);
   * null without a `hooks` option, and then `initialize` has no `hooks` field.
   */
  initializeHooks: Record<string, InitializeHookMatcher[]> | null;
  /** The handler of `hook_callback` control requests. */
  handler: ControlRequestHandler;
}

/**
 * Validates `options.hooks` (a `TypeError` quoting the bad value, see `normalizeHooks`), gives
 * each callback an id `hook_<n>` numbered from 0 across all events in the caller's order, and
 * returns the `initialize` payload plus the `hook_callback` handler.
 *
 * The handler dispatches by `callback_id` (an unknown id throws, so the channel answers with an
 * error reply) and runs the callback as {@link runHookCallback} describes. `warn` receives what
 * the channel cannot report itself: a callback that passed its timeout. Failures that become error
 * replies reach the channel's `onError`.
 */
export function registerHooks(
  hooks: ExtendedOptions['hooks'],
  warn: (error: Error) => void,
): HookRegistration {
  const matchers = normalizeHooks(hooks);
  const registered = new Map<string, RegisteredHook>();
  const initializeHooks: Record<string, InitializeHookMatcher[]> = {};
  for (const entry of matchers) {
    const hookCallbackIds = entry.callbacks.map((callback) => {
      const id = `hook_${registered.size}`;
      registered.set(id, { id, event: entry.event, callback, timeoutMs: entry.timeoutMs });
      return id;
    });
    const wire: InitializeHookMatcher = {
      ...(entry.matcher === null ? {} : { matcher: entry.matcher }),
      hookCallbackIds,
    };
    if (entry.wireTimeoutSeconds !== undefined) wire.timeout = entry.wireTimeoutSeconds;
    if (entry.onFailure !== undefined) wire.onFailure = entry.onFailure;
    const forEvent = initializeHooks[entry.event] ?? [];
    forEvent.push(wire);
    initializeHooks[entry.event] = forEvent;
  }
  const handler: ControlRequestHandler = (request, context) => {
    const callbackId = request['callback_id'];
    const hook = typeof callbackId === 'string' ? registered.get(callbackId) : undefined;
    if (hook === undefined) {
      throw new HookError({
        code: 'UNKNOWN_HOOK_CALLBACK',
        message: `No hook callback is registered under ${JSON.stringify(callbackId)}; this query registered ${registered.size}.`,
        callbackId: String(callbackId),
      });
    }
    return runHookCallback(hook, request, context, warn);
  };
  return { initializeHooks: hooks === undefined || hooks === null ? null : initializeHooks, handler };
}
