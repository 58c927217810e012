import type { McpServerProvenance } from '../mcp-configs.js';
import type { PermissionUpdate } from '../permission-updates.js';
import type { BaseHookInput } from './base-hook-input.js';

/** Before a tool runs; a hook may allow, deny, ask, defer or rewrite `tool_input`. */
export type PreToolUseHookInput = BaseHookInput & {
  hook_event_name: 'PreToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  mcp_server?: McpServerProvenance;
};

/** After a tool ran; `tool_response` is the tool's structured result (e.g. Bash `stdout`). */
export type PostToolUseHookInput = BaseHookInput & {
  hook_event_name: 'PostToolUse';
  tool_name: string;
  tool_input: unknown;
  tool_response: unknown;
  tool_use_id: string;
  duration_ms?: number;
  mcp_server?: McpServerProvenance;
};

/** After a tool failed (or was interrupted: `is_interrupt`). */
export type PostToolUseFailureHookInput = BaseHookInput & {
  hook_event_name: 'PostToolUseFailure';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  error: string;
  is_interrupt?: boolean;
  duration_ms?: number;
  mcp_server?: McpServerProvenance;
};

/** One call of a {@link PostToolBatchHookInput}. */
export type PostToolBatchToolCall = {
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  tool_response?: unknown;
};

/** After all tool calls of one model response ran. */
export type PostToolBatchHookInput = BaseHookInput & {
  hook_event_name: 'PostToolBatch';
  tool_calls: PostToolBatchToolCall[];
};

/** The CLI is about to ask for a permission; a hook may decide instead. */
export type PermissionRequestHookInput = BaseHookInput & {
  hook_event_name: 'PermissionRequest';
  tool_name: string;
  tool_input: unknown;
  permission_suggestions?: PermissionUpdate[];
  mcp_server?: McpServerProvenance;
};

/** A tool use was denied; a hook may ask the model to retry (`retry: true`). */
export type PermissionDeniedHookInput = BaseHookInput & {
  hook_event_name: 'PermissionDenied';
  tool_name: string;
  tool_input: unknown;
  tool_use_id: string;
  reason: string;
  mcp_server?: McpServerProvenance;
};

/** A skill is about to run a shell command from its definition. */
export type PreSkillShellCommandHookInput = BaseHookInput & {
  hook_event_name: 'PreSkillShellCommand';
  tool_name: string;
  tool_input: { command: string };
  tool_use_id: string;
  command_name: string;
  command_source?: string;
  invoked_by: 'user' | 'claude' | 'other';
};
