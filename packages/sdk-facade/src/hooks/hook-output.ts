import type { HookEvent } from './hook-input.js';

/** What a `PreToolUse` hook decides about the tool call. */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** Event-specific output of a `PreToolUse` hook: `permissionDecision: 'deny'` blocks the tool. */
export interface PreToolUseHookSpecificOutput {
  hookEventName: 'PreToolUse';
  permissionDecision?: HookPermissionDecision;
  permissionDecisionReason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
}

/** Event-specific output of a `PostToolUse` hook. */
export interface PostToolUseHookSpecificOutput {
  hookEventName: 'PostToolUse';
  additionalContext?: string;
  updatedToolOutput?: unknown;
}

/** Event-specific output of a `UserPromptSubmit` hook. */
export interface UserPromptSubmitHookSpecificOutput {
  hookEventName: 'UserPromptSubmit';
  additionalContext?: string;
  sessionTitle?: string;
  suppressOriginalPrompt?: boolean;
}

/** Event-specific output of a `SessionStart` hook. */
export interface SessionStartHookSpecificOutput {
  hookEventName: 'SessionStart';
  additionalContext?: string;
  initialUserMessage?: string;
  sessionTitle?: string;
}

/** Event-specific output of a `PermissionRequest` hook: the decision the CLI applies. */
export interface PermissionRequestHookSpecificOutput {
  hookEventName: 'PermissionRequest';
  decision:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: unknown[] }
    | { behavior: 'deny'; message?: string; interrupt?: boolean };
}

/** Event-specific output of any other event: its name plus the fields that event accepts. */
export interface OtherHookSpecificOutput {
  hookEventName: HookEvent;
  [field: string]: unknown;
}

/**
 * A synchronous hook answer, sent to the CLI as is. `continue: false` stops the session;
 * `decision: 'block'` with a `reason` blocks what the event guards.
 *
 * `continue_` is accepted as a spelling of `continue` (for code ported from Python) and renamed
 * on the wire; giving both is an error.
 */
export interface SyncHookJSONOutput {
  continue?: boolean;
  continue_?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  reason?: string;
  hookSpecificOutput?:
    | PreToolUseHookSpecificOutput
    | PostToolUseHookSpecificOutput
    | UserPromptSubmitHookSpecificOutput
    | SessionStartHookSpecificOutput
    | PermissionRequestHookSpecificOutput
    | OtherHookSpecificOutput;
}

/**
 * An asynchronous hook answer: the CLI goes on without waiting. `asyncTimeout` is the CLI's
 * field, in its unit (seconds), sent as is. `async_` is accepted for `async` and renamed.
 */
export type AsyncHookJSONOutput = { asyncTimeout?: number } & ({ async: true } | { async_: true });

/** What a hook callback resolves with. Every field is optional; `{}` means "no opinion". */
export type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;
