import type { HookEvent, HookInput, HookJSONOutput } from '@ccsdk/control-protocol';

/**
 * A hook callback: gets the CLI's hook input, the tool use id the CLI sent with it (a tool's
 * `toolu_...` id for tool events, an opaque id otherwise; `undefined` when none came), and a
 * signal. The signal aborts when the CLI cancels the call (`control_cancel_request`), when the
 * matcher's timeout passes, and when the query closes; after that the answer is not used.
 * A throw (or a rejected promise) becomes an error reply, which the CLI treats as a failed hook
 * (see {@link HookCallbackMatcher.onFailure}).
 */
export type HookCallback = (
  input: HookInput,
  toolUseID: string | undefined,
  options: { signal: AbortSignal },
) => Promise<HookJSONOutput>;

/**
 * Hook callbacks for one event, with an optional matcher: the official type exactly.
 *
 * Timeout: `timeout` in seconds (or, in {@link ExtendedHookCallbackMatcher}, `timeoutMs` in
 * milliseconds, not both). When it passes, the CLI cancels the call and applies its own rule (a
 * `PreToolUse` hook that timed out blocks the tool), and the callback's signal aborts at the same
 * moment. Without one, no timeout is sent and the CLI decides (2.1.332 was seen waiting over
 * 200 s). Zero is refused: omit the field instead.
 */
export interface HookCallbackMatcher {
  /** Which calls the hooks see, in the CLI's matcher syntax (e.g. a tool name `'Bash'` or `'Edit|Write'`). Omit for all. */
  matcher?: string;
  /** The callbacks, called for every matching event. */
  hooks: HookCallback[];
  /** Timeout for the hooks of this matcher, in seconds. */
  timeout?: number;
  /**
   * What a failed hook (a throw, an invalid answer) does: `'continue'` (the CLI's default) lets
   * the guarded action go ahead with a warning; `'block'` blocks it. Sent to the CLI as is.
   */
  onFailure?: 'continue' | 'block';
}

/**
 * A {@link HookCallbackMatcher} that may give its timeout in milliseconds (a ccsdk extension):
 * `timeoutMs: 2500` is sent to the CLI as `timeout: 2.5` (the CLI takes seconds and accepts
 * fractions). Give `timeoutMs` or `timeout`, not both.
 */
export interface ExtendedHookCallbackMatcher extends HookCallbackMatcher {
  /** Timeout for the hooks of this matcher, in milliseconds. Sent to the CLI as seconds. */
  timeoutMs?: number;
}

/**
 * The `hooks` option of `query()` (`ExtendedOptions.hooks`): matchers by event name. Only names in
 * `HOOK_EVENTS` are accepted.
 */
export type HooksOption = Partial<Record<HookEvent, ExtendedHookCallbackMatcher[]>>;
