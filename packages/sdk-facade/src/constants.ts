/**
 * Every hook event Claude Code 2.1.332 knows, in the CLI's own order.
 *
 * Checked against the binary: a settings file naming an unknown event gets the warning
 * `Unknown hook event ... Valid events: PreToolUse, PostToolUse, ...` listing these names in this
 * order, and each name here is accepted without that warning. The names match the official SDK's
 * public declarations. `options.hooks` accepts exactly these keys.
 */
export const HOOK_EVENTS = [
  'PreToolUse',
  'PostToolUse',
  'PostToolUseFailure',
  'PostToolBatch',
  'Notification',
  'UserPromptSubmit',
  'UserPromptExpansion',
  'SessionStart',
  'SessionEnd',
  'Stop',
  'StopFailure',
  'SubagentStart',
  'SubagentStop',
  'PreCompact',
  'PostCompact',
  'PreModelSwitch',
  'PostModelSwitch',
  'PermissionRequest',
  'PermissionDenied',
  'Setup',
  'TeammateIdle',
  'TaskCreated',
  'TaskCompleted',
  'Elicitation',
  'ElicitationResult',
  'ConfigChange',
  'WorktreeCreate',
  'WorktreeRemove',
  'InstructionsLoaded',
  'CwdChanged',
  'FileChanged',
  'DirectoryAdded',
  'MessageDisplay',
  'PreSkillShellCommand',
] as const;

/**
 * Why a session ended: the `reason` of a `SessionEnd` hook input. `/clear` gives `'clear'`
 * (observed with CLI 2.1.332); the other names come from the official SDK's public declarations.
 */
export const EXIT_REASONS = ['clear', 'resume', 'logout', 'prompt_input_exit', 'other'] as const;

/**
 * The marker that splits a custom system prompt into a static prefix (cacheable across sessions)
 * and a dynamic suffix. Put it on a line of its own in a `systemPrompt` string: the CLI removes
 * the line and caches the parts on either side separately (observed with CLI 2.1.332, which strips
 * this exact line and keeps any other marker text). The value is the one the official SDK's
 * public declarations give.
 */
export const SYSTEM_PROMPT_DYNAMIC_BOUNDARY = '__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__';
