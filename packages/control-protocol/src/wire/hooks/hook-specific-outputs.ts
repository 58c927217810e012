import type { PermissionUpdate } from '../permission-updates.js';

/** What a `PreToolUse` (or `PreSkillShellCommand`) hook decides about the call. */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** `PreToolUse` output: `permissionDecision: 'deny'` blocks the tool; `updatedInput` rewrites it. */
export type PreToolUseHookSpecificOutput = {
  hookEventName: 'PreToolUse';
  permissionDecision?: HookPermissionDecision;
  permissionDecisionReason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
};

/** `PreSkillShellCommand` output: decide about, or rewrite, a skill's shell command. */
export type PreSkillShellCommandHookSpecificOutput = {
  hookEventName: 'PreSkillShellCommand';
  permissionDecision?: HookPermissionDecision;
  permissionDecisionReason?: string;
  updatedInput?: Record<string, unknown>;
};

/** `PostToolUse` output: add context, or replace what the model sees of the tool's output. */
export type PostToolUseHookSpecificOutput = {
  hookEventName: 'PostToolUse';
  additionalContext?: string;
  classifierContext?: string;
  updatedToolOutput?: unknown;
  updatedMCPToolOutput?: unknown;
};

/** `PermissionRequest` output: the decision the CLI applies instead of asking. */
export type PermissionRequestHookSpecificOutput = {
  hookEventName: 'PermissionRequest';
  decision:
    | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
    | { behavior: 'deny'; message?: string; interrupt?: boolean };
};

/** `PermissionDenied` output: `retry: true` lets the model try again. */
export type PermissionDeniedHookSpecificOutput = {
  hookEventName: 'PermissionDenied';
  retry?: boolean;
};

/** `PreModelSwitch` output: allow, deny or ask about the switch. */
export type PreModelSwitchHookSpecificOutput = {
  hookEventName: 'PreModelSwitch';
  permissionDecision?: 'allow' | 'deny' | 'ask';
  permissionDecisionReason?: string;
};

/** `UserPromptSubmit` output: add context, title the session, or drop the prompt. */
export type UserPromptSubmitHookSpecificOutput = {
  hookEventName: 'UserPromptSubmit';
  additionalContext?: string;
  sessionTitle?: string;
  suppressOriginalPrompt?: boolean;
};

/** `UserPromptExpansion` output: add context or drop the expanded prompt. */
export type UserPromptExpansionHookSpecificOutput = {
  hookEventName: 'UserPromptExpansion';
  additionalContext?: string;
  suppressOriginalPrompt?: boolean;
};

/** `SessionStart` output: context, a first message, a title, paths to watch, a skills reload. */
export type SessionStartHookSpecificOutput = {
  hookEventName: 'SessionStart';
  additionalContext?: string;
  initialUserMessage?: string;
  sessionTitle?: string;
  watchPaths?: string[];
  reloadSkills?: boolean;
};

/** `Elicitation` output: answer the MCP server's question instead of the user. */
export type ElicitationHookSpecificOutput = {
  hookEventName: 'Elicitation';
  action?: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** `ElicitationResult` output: change the user's answer before the server gets it. */
export type ElicitationResultHookSpecificOutput = {
  hookEventName: 'ElicitationResult';
  action?: 'accept' | 'decline' | 'cancel';
  content?: Record<string, unknown>;
};

/** `CwdChanged` output: paths to watch from now on. */
export type CwdChangedHookSpecificOutput = {
  hookEventName: 'CwdChanged';
  watchPaths?: string[];
};

/** `FileChanged` output: paths to watch from now on. */
export type FileChangedHookSpecificOutput = {
  hookEventName: 'FileChanged';
  watchPaths?: string[];
};

/** `WorktreeCreate` output: where the hook created the worktree. */
export type WorktreeCreateHookSpecificOutput = {
  hookEventName: 'WorktreeCreate';
  worktreePath: string;
};

/** `MessageDisplay` output: the text to display instead. */
export type MessageDisplayHookSpecificOutput = {
  hookEventName: 'MessageDisplay';
  displayContent?: string;
};

/**
 * The hook-specific output of an event whose hooks can only add context: `additionalContext` is
 * shown to the model (or the subagent) after the event named by `hookEventName`.
 */
export type ContextHookSpecificOutput<E extends string> = { hookEventName: E; additionalContext?: string };

/** `Setup` output: context for the model. */
export type SetupHookSpecificOutput = ContextHookSpecificOutput<'Setup'>;
/** `PostModelSwitch` output: context for the model. */
export type PostModelSwitchHookSpecificOutput = ContextHookSpecificOutput<'PostModelSwitch'>;
/** `SubagentStart` output: context for the subagent. */
export type SubagentStartHookSpecificOutput = ContextHookSpecificOutput<'SubagentStart'>;
/** `PostToolUseFailure` output: context for the model. */
export type PostToolUseFailureHookSpecificOutput = ContextHookSpecificOutput<'PostToolUseFailure'>;
/** `PostToolBatch` output: context for the model. */
export type PostToolBatchHookSpecificOutput = ContextHookSpecificOutput<'PostToolBatch'>;
/** `Stop` output: context for the model when the hook makes it go on. */
export type StopHookSpecificOutput = ContextHookSpecificOutput<'Stop'>;
/** `SubagentStop` output: context for the subagent when the hook makes it go on. */
export type SubagentStopHookSpecificOutput = ContextHookSpecificOutput<'SubagentStop'>;
/** `Notification` output: context for the model. */
export type NotificationHookSpecificOutput = ContextHookSpecificOutput<'Notification'>;
