import type {
  CwdChangedHookSpecificOutput,
  ElicitationHookSpecificOutput,
  ElicitationResultHookSpecificOutput,
  FileChangedHookSpecificOutput,
  MessageDisplayHookSpecificOutput,
  NotificationHookSpecificOutput,
  PermissionDeniedHookSpecificOutput,
  PermissionRequestHookSpecificOutput,
  PostModelSwitchHookSpecificOutput,
  PostToolBatchHookSpecificOutput,
  PostToolUseFailureHookSpecificOutput,
  PostToolUseHookSpecificOutput,
  PreModelSwitchHookSpecificOutput,
  PreSkillShellCommandHookSpecificOutput,
  PreToolUseHookSpecificOutput,
  SessionStartHookSpecificOutput,
  SetupHookSpecificOutput,
  StopHookSpecificOutput,
  SubagentStartHookSpecificOutput,
  SubagentStopHookSpecificOutput,
  UserPromptExpansionHookSpecificOutput,
  UserPromptSubmitHookSpecificOutput,
  WorktreeCreateHookSpecificOutput,
} from './hook-specific-outputs.js';

/**
 * A synchronous hook answer, sent to the CLI as is. `continue: false` stops the session;
 * `decision: 'block'` with a `reason` blocks what the event guards.
 * The official type exactly. (At run time `@ccsdk/sdk` also takes the Python spellings `continue_`
 * and `async_`, renamed on the wire, for code ported from Python; they are not part of the type.)
 */
export type SyncHookJSONOutput = {
  continue?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  terminalSequence?: string;
  reason?: string;
  hookSpecificOutput?:
    | PreToolUseHookSpecificOutput
    | UserPromptSubmitHookSpecificOutput
    | UserPromptExpansionHookSpecificOutput
    | SessionStartHookSpecificOutput
    | SetupHookSpecificOutput
    | PreModelSwitchHookSpecificOutput
    | PostModelSwitchHookSpecificOutput
    | SubagentStartHookSpecificOutput
    | PostToolUseHookSpecificOutput
    | PostToolUseFailureHookSpecificOutput
    | PostToolBatchHookSpecificOutput
    | StopHookSpecificOutput
    | SubagentStopHookSpecificOutput
    | PermissionDeniedHookSpecificOutput
    | NotificationHookSpecificOutput
    | PermissionRequestHookSpecificOutput
    | ElicitationHookSpecificOutput
    | ElicitationResultHookSpecificOutput
    | CwdChangedHookSpecificOutput
    | FileChangedHookSpecificOutput
    | WorktreeCreateHookSpecificOutput
    | MessageDisplayHookSpecificOutput
    | PreSkillShellCommandHookSpecificOutput;
};

/**
 * An asynchronous hook answer: the CLI goes on without waiting. `asyncTimeout` is the CLI's
 * field, in its unit (seconds), sent as is. (At run time `async_: true` is also accepted, for
 * code ported from Python, and renamed.)
 */
export type AsyncHookJSONOutput = {
  async: true;
  asyncTimeout?: number;
};

/** What a hook callback resolves with. Every field is optional; `{}` means "no opinion". */
export type HookJSONOutput = AsyncHookJSONOutput | SyncHookJSONOutput;
