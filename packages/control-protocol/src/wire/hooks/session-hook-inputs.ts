import type { SDKAssistantMessageError } from '../messages/message-common.js';
import type {
  BackgroundTaskSummary,
  BaseHookInput,
  ExitReason,
  SessionCronSummary,
} from './base-hook-input.js';

/** A session started (or restarted after `/clear`, resume, compaction, fork). */
export type SessionStartHookInput = BaseHookInput & {
  hook_event_name: 'SessionStart';
  source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork';
  agent_type?: string;
  model?: string;
  session_title?: string;
  seconds_since_last_response?: number;
  context_tokens?: number;
  prompt_cache_likely_expired?: boolean;
  estimated_cache_write_usd?: number;
};

/** A session ended. */
export type SessionEndHookInput = BaseHookInput & {
  hook_event_name: 'SessionEnd';
  reason: ExitReason;
};

/** First-run or maintenance setup (`claude --init`, `--maintenance`). */
export type SetupHookInput = BaseHookInput & {
  hook_event_name: 'Setup';
  trigger: 'init' | 'maintenance';
};

/** The main agent is about to stop; a hook may make it go on. */
export type StopHookInput = BaseHookInput & {
  hook_event_name: 'Stop';
  stop_hook_active: boolean;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
};

/** The turn ended because of an API error rather than normally. */
export type StopFailureHookInput = BaseHookInput & {
  hook_event_name: 'StopFailure';
  error: SDKAssistantMessageError;
  error_details?: string;
  last_assistant_message?: string;
};

/** A subagent started. */
export type SubagentStartHookInput = BaseHookInput & {
  hook_event_name: 'SubagentStart';
  agent_id: string;
  agent_type: string;
};

/** A subagent is about to stop. */
export type SubagentStopHookInput = BaseHookInput & {
  hook_event_name: 'SubagentStop';
  stop_hook_active: boolean;
  agent_id: string;
  agent_transcript_path: string;
  agent_type: string;
  last_assistant_message?: string;
  background_tasks?: BackgroundTaskSummary[];
  session_crons?: SessionCronSummary[];
};

/** The conversation is about to be compacted. */
export type PreCompactHookInput = BaseHookInput & {
  hook_event_name: 'PreCompact';
  trigger: 'manual' | 'auto';
  custom_instructions: string | null;
};

/** The conversation was compacted; `compact_summary` is the new summary. */
export type PostCompactHookInput = BaseHookInput & {
  hook_event_name: 'PostCompact';
  trigger: 'manual' | 'auto';
  compact_summary: string;
};

/**
 * What a model switch involves, in the input of both `PreModelSwitch` and `PostModelSwitch`: the
 * models, the size of the context to carry over, whether its prompt cache is warm, and the
 * estimated cost of writing that cache again for the new model.
 */
export type ModelSwitchFacts = {
  from_model: string;
  to_model: string;
  requested_model: string | null;
  context_tokens: number;
  prompt_cache_warm: boolean;
  cache_ttl: '5m' | '1h';
  estimated_cache_write_usd: number;
  pricing: 'configured' | 'catalog' | 'default';
};

/** The model is about to change; a hook may allow, deny or ask. */
export type PreModelSwitchHookInput = BaseHookInput & {
  hook_event_name: 'PreModelSwitch';
} & ModelSwitchFacts & {
    source: 'command' | 'picker' | 'sdk';
  };

/** The model changed. */
export type PostModelSwitchHookInput = BaseHookInput & {
  hook_event_name: 'PostModelSwitch';
} & ModelSwitchFacts & {
    source: 'command' | 'picker' | 'sdk' | 'auto' | 'resume';
  };

/** A prompt is about to be processed; a hook may block it or add context. */
export type UserPromptSubmitHookInput = BaseHookInput & {
  hook_event_name: 'UserPromptSubmit';
  prompt: string;
  source?: 'user' | 'sdk' | 'system' | 'loop_wakeup' | 'schedule_wakeup' | 'poll_event';
  session_title?: string;
};

/** A slash command or MCP prompt was expanded into `prompt`. */
export type UserPromptExpansionHookInput = BaseHookInput & {
  hook_event_name: 'UserPromptExpansion';
  expansion_type: 'slash_command' | 'mcp_prompt';
  command_name: string;
  command_args: string;
  command_source?: string;
  prompt: string;
};

/** A notification the CLI would show a user. */
export type NotificationHookInput = BaseHookInput & {
  hook_event_name: 'Notification';
  message: string;
  title?: string;
  notification_type: string;
};

/** A piece of assistant text is about to be displayed; a hook may rewrite it. */
export type MessageDisplayHookInput = BaseHookInput & {
  hook_event_name: 'MessageDisplay';
  turn_id: string;
  message_id: string;
  index: number;
  final: boolean;
  delta: string;
};
