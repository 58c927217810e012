/**
 * The hook outputs, defined once with the wire in `@ccsdk/control-protocol` (they are the
 * replies to `hook_callback` requests) and re-exported here for the hooks code.
 */
export type {
  AsyncHookJSONOutput,
  CwdChangedHookSpecificOutput,
  ElicitationHookSpecificOutput,
  ElicitationResultHookSpecificOutput,
  FileChangedHookSpecificOutput,
  HookJSONOutput,
  HookPermissionDecision,
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
  SyncHookJSONOutput,
  UserPromptExpansionHookSpecificOutput,
  UserPromptSubmitHookSpecificOutput,
  WorktreeCreateHookSpecificOutput,
} from '@ccsdk/control-protocol';
