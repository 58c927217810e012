import type { SDKMessage, SDKUnknownMessage } from './sdk-message.js';

/** `subtype` values of each {@link SDKMessage} `type` that has subtypes. */
type SubtypeOf<T extends SDKMessage['type']> =
  Extract<SDKMessage, { type: T }> extends infer M
    ? M extends { subtype: infer S extends string }
      ? S
      : never
    : never;

/** The `type` values of the union without subtypes, mapped to true (checked against the union). */
const PLAIN_TYPES: Record<Exclude<SDKMessage['type'], 'system' | 'result'>, true> = {
  assistant: true,
  user: true,
  stream_event: true,
  tool_progress: true,
  auth_status: true,
  tool_use_summary: true,
  rate_limit_event: true,
  prompt_suggestion: true,
  conversation_reset: true,
};

/** Every `system` subtype of the union (a missing or extra key fails to compile). */
const SYSTEM_SUBTYPES: Record<SubtypeOf<'system'>, true> = {
  init: true,
  compact_boundary: true,
  status: true,
  api_retry: true,
  control_request_progress: true,
  model_refusal_fallback: true,
  model_refusal_no_fallback: true,
  local_command_output: true,
  hook_started: true,
  hook_progress: true,
  hook_response: true,
  plugin_install: true,
  task_notification: true,
  task_started: true,
  task_updated: true,
  task_progress: true,
  background_tasks_changed: true,
  thinking_tokens: true,
  session_state_changed: true,
  worker_shutting_down: true,
  commands_changed: true,
  notification: true,
  files_persisted: true,
  memory_recall: true,
  elicitation_complete: true,
  permission_denied: true,
  mirror_error: true,
  informational: true,
  session_writes_lost: true,
};

/** Every `result` subtype of the union. */
const RESULT_SUBTYPES: Record<SubtypeOf<'result'>, true> = {
  success: true,
  error_during_execution: true,
  error_max_turns: true,
  error_max_budget_usd: true,
  error_max_structured_output_retries: true,
};

/**
 * True when `value` is an object whose `type` (and, for `system` and `result`, `subtype`) is
 * one {@link SDKMessage} has; false for what a newer CLI added and for non-messages. It checks
 * the discriminators only, not the other fields. Never throws.
 */
export function isKnownSDKMessage(value: unknown): value is SDKMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, subtype } = value as { type?: unknown; subtype?: unknown };
  if (typeof type !== 'string') return false;
  if (type === 'system') return typeof subtype === 'string' && Object.hasOwn(SYSTEM_SUBTYPES, subtype);
  if (type === 'result') return typeof subtype === 'string' && Object.hasOwn(RESULT_SUBTYPES, subtype);
  return Object.hasOwn(PLAIN_TYPES, type);
}

/**
 * The message as an {@link SDKUnknownMessage} when its kind is none of {@link SDKMessage}'s
 * (a newer CLI's), else `undefined`. The way to handle new kinds without losing narrowing of
 * the known ones:
 *
 * @example
 * for await (const m of q) {
 *   const unknown = unknownSDKMessage(m);
 *   if (unknown) { log('new message kind', unknown.type); continue; }
 *   if (m.type === 'result') console.log(m.terminal_reason);
 * }
 */
export function unknownSDKMessage(message: SDKMessage | SDKUnknownMessage): SDKUnknownMessage | undefined {
  return isKnownSDKMessage(message) ? undefined : (message as SDKUnknownMessage);
}
