import type { SystemMessageFields } from './message-common.js';

/** `system`/`model_refusal_fallback`: the model refused; the CLI switched to `fallback_model`. */
export type SDKModelRefusalFallbackMessage = SystemMessageFields & {
  subtype: 'model_refusal_fallback';
  trigger: 'refusal';
  direction: 'retry' | 'revert' | 'sticky';
  scope?: 'session' | 'local';
  original_model: string;
  fallback_model: string;
  request_id: string | null;
  api_refusal_category?: string | null;
  api_refusal_explanation?: string | null;
  /** Assistant messages already delivered that the retry replaces. */
  retracted_message_uuids?: string[];
  refused_user_message_uuid?: string | null;
  content: string;
};

/** `system`/`model_refusal_no_fallback`: the model refused and no fallback model is set. */
export type SDKModelRefusalNoFallbackMessage = SystemMessageFields & {
  subtype: 'model_refusal_no_fallback';
  original_model: string;
  request_id: string | null;
  api_refusal_category?: string | null;
  api_refusal_explanation?: string | null;
  refused_user_message_uuid?: string | null;
  content: string;
};

/** `system`/`thinking_tokens`: a running estimate of the thinking tokens of the current call. */
export type SDKThinkingTokensMessage = SystemMessageFields & {
  subtype: 'thinking_tokens';
  estimated_tokens: number;
  estimated_tokens_delta: number;
  user_message_uuid?: string;
};

/** `system`/`memory_recall`: memories the CLI selected or synthesized for this turn. */
export type SDKMemoryRecallMessage = SystemMessageFields & {
  subtype: 'memory_recall';
  mode: 'select' | 'synthesize';
  memories: { path: string; scope: 'personal' | 'team' | 'organization'; content?: string }[];
};

/** `system`/`permission_denied`: a tool use was refused; `message` is what the model was told. */
export type SDKPermissionDeniedMessage = SystemMessageFields & {
  subtype: 'permission_denied';
  tool_name: string;
  tool_use_id: string;
  agent_id?: string;
  decision_reason_type?: string;
  decision_reason?: string;
  message: string;
};

/** `system`/`elicitation_complete`: an MCP server's URL elicitation finished. */
export type SDKElicitationCompleteMessage = SystemMessageFields & {
  subtype: 'elicitation_complete';
  mcp_server_name: string;
  elicitation_id: string;
};

/** `system`/`plugin_install`: progress of installing a plugin at startup. */
export type SDKPluginInstallMessage = SystemMessageFields & {
  subtype: 'plugin_install';
  status: 'started' | 'installed' | 'failed' | 'completed';
  name?: string;
  error?: string;
};

/** `system`/`hook_started`: a hook (command or callback) began to run (with `includeHookEvents`). */
export type SDKHookStartedMessage = SystemMessageFields & {
  subtype: 'hook_started';
  hook_id: string;
  hook_name: string;
  hook_event: string;
};

/** `system`/`hook_progress`: output a running hook has printed so far. */
export type SDKHookProgressMessage = SystemMessageFields & {
  subtype: 'hook_progress';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  stdout: string;
  stderr: string;
  output: string;
};

/** `system`/`hook_response`: a hook finished with `outcome`. */
export type SDKHookResponseMessage = SystemMessageFields & {
  subtype: 'hook_response';
  hook_id: string;
  hook_name: string;
  hook_event: string;
  output: string;
  stdout: string;
  stderr: string;
  exit_code?: number;
  outcome: 'success' | 'error' | 'cancelled';
};
