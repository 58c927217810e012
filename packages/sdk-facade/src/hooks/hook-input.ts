import type { EXIT_REASONS, HOOK_EVENTS } from '../constants.js';

/** A hook event name: one of {@link HOOK_EVENTS}. */
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Why a session ended: one of {@link EXIT_REASONS}. */
export type ExitReason = (typeof EXIT_REASONS)[number];

/**
 * The fields every hook input carries, as the CLI sends them (snake_case, unchanged).
 * `prompt_id` is absent before the first prompt; `agent_id`/`agent_type` only inside a subagent.
 */
export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  prompt_id?: string;
  permission_mode?: string;
  agent_id?: string;
  agent_type?: string;
  effort?: { level: string };
}

/** Before a tool runs; a hook may allow, deny, ask or rewrite `tool_input`. */
export interface PreToolUseHookInput extends BaseHookInput {
  hook_event_name: 'PreToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
}

/** After a tool ran; `tool_response` is the tool's structured result (e.g. Bash `stdout`). */
export interface PostToolUseHookInput extends BaseHookInput {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_response: unknown;
  tool_use_id: string;
  duration_ms?: number;
}

/** After a tool failed. */
export interface PostToolUseFailureHookInput extends BaseHookInput {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
}

/** A notification the CLI would show a user. */
export interface NotificationHookInput extends BaseHookInput {
  hook_event_name: 'Notification';
  message: string;
  title?: string;
  notification_type: string;
}

/** A prompt is about to be processed; a hook may block it or add context. */
export interface UserPromptSubmitHookInput extends BaseHookInput {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
  source?: string;
}

/** A session started (or restarted after `/clear`, resume, compaction, fork). */
export interface SessionStartHookInput extends BaseHookInput {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  model?: string;
}

/** A session ended. */
export interface SessionEndHookInput extends BaseHookInput {
  hook_event_name: 'SessionEnd';
  reason: ExitReason;
}

/** The main agent is about to stop; a hook may make it go on. */
export interface StopHookInput extends BaseHookInput {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
  last_assistant_message?: string;
}

/** A subagent started. */
export interface SubagentStartHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStart';
  agent_id: string;
  agent_type: string;
}

/** A subagent is about to stop. */
export interface SubagentStopHookInput extends BaseHookInput {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_id: string;
  agent_transcript_path: string;
  agent_type: string;
  last_assistant_message?: string;
}

/** The conversation is about to be compacted. */
export interface PreCompactHookInput extends BaseHookInput {
  hook_event_name: 'PreCompact';
  trigger: 'manual' | 'auto';
  custom_instructions: string | null;
}

/** The CLI is about to ask for a permission; a hook may decide instead. */
export interface PermissionRequestHookInput extends BaseHookInput {
  hook_event_name: 'PermissionRequest';
  tool_name: string;
  tool_input: unknown;
  permission_suggestions?: unknown[];
}

/** The input of an event without a dedicated type above: the base fields plus whatever the CLI sends. */
export interface OtherHookInput extends BaseHookInput {
  hook_event_name: Exclude<HookEvent, SpecificHookInput['hook_event_name']>;
  [field: string]: unknown;
}

type SpecificHookInput =
  | PreToolUseHookInput
  | PostToolUseHookInput
  | PostToolUseFailureHookInput
  | NotificationHookInput
  | UserPromptSubmitHookInput
  | SessionStartHookInput
  | SessionEndHookInput
  | StopHookInput
  | SubagentStartHookInput
  | SubagentStopHookInput
  | PreCompactHookInput
  | PermissionRequestHookInput;

/**
 * What a hook callback receives, discriminated by `hook_event_name`. The object is the CLI's
 * `input` verbatim; fields a newer CLI adds are there even when not typed.
 */
export type HookInput = SpecificHookInput | OtherHookInput;
