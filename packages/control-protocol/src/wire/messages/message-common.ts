import type { BetaUsage } from '@anthropic-ai/sdk/resources/beta/messages/messages.mjs';

/**
 * A message or event id as the CLI writes it: a dashed UUID string. The same template type as
 * `node:crypto`'s `UUID`, so values flow both ways; a plain `string` needs a check or a cast.
 */
export type UUID = `${string}-${string}-${string}-${string}-${string}`;

/**
 * The envelope shared by the `system` messages that have their own type here (status, task,
 * hook, model and session notices): each of them is these fields plus a `subtype` and its own
 * payload. Narrow a message on `type` and `subtype`, not on this type.
 */
export type SystemMessageFields = { type: 'system'; uuid: UUID; session_id: string };

/** A permission mode the CLI accepts (`--permission-mode`, `set_permission_mode`). */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

/** Where the session's API credential came from, as the init message reports it. */
export type ApiKeySource =
  | 'ANTHROPIC_API_KEY'
  | 'apiKeyHelper'
  | '/login managed key'
  | 'none'
  | 'user'
  | 'project'
  | 'org'
  | 'temporary'
  | 'oauth';

/** Whether fast mode is on, off, or cooling down after a limit. */
export type FastModeState = 'off' | 'cooldown' | 'on';

/** Why fast mode is unavailable, when it is. */
export type FastModeDisabledReason =
  | 'free'
  | 'preference'
  | 'extra_usage_disabled'
  | 'network_error'
  | 'unknown'
  | 'not_first_party'
  | 'disabled_by_env'
  | 'model_not_allowed'
  | 'sdk_opt_in_required'
  | 'pending';

/** The class of a failed model call, on an assistant message's `error` and in `api_retry`. */
export type SDKAssistantMessageError =
  | 'authentication_failed'
  | 'oauth_org_not_allowed'
  | 'account_on_hold'
  | 'verification_required'
  | 'billing_error'
  | 'rate_limit'
  | 'overloaded'
  | 'invalid_request'
  | 'model_not_found'
  | 'server_error'
  | 'unknown'
  | 'max_output_tokens'
  | 'cloud_credential_error';

/** Why a turn's loop stopped, on a result's `terminal_reason`. */
export type TerminalReason =
  | 'blocking_limit'
  | 'rapid_refill_breaker'
  | 'prompt_too_long'
  | 'image_error'
  | 'model_error'
  | 'api_error'
  | 'malformed_tool_use_exhausted'
  | 'aborted_streaming'
  | 'aborted_tools'
  | 'stop_hook_prevented'
  | 'hook_stopped'
  | 'tool_deferred'
  | 'max_turns'
  | 'background_requested'
  | 'completed'
  | 'budget_exhausted'
  | 'structured_output_retry_exhausted'
  | 'tool_deferred_unavailable'
  | 'turn_setup_failed';

/** Why the CLI could not start a session, on an error result's `startup_failure_reason`. */
export type SDKStartupFailureReason =
  | 'org_pin_api_key_conflict'
  | 'provider_not_allowed'
  | 'org_verify_failed'
  | 'org_pin_mismatch'
  | 'managed_settings_invalid'
  | 'remote_settings_required_unavailable'
  | 'gateway_signin_required'
  | 'gateway_access_denied'
  | 'proxy_invalid'
  | 'temp_dir_unusable'
  | 'cwd_unavailable'
  | 'shell_tool_missing'
  | 'session_held_by_background'
  | 'worktree_resume_refused'
  | 'worktree_unverified'
  | 'cli_version_too_old'
  | 'bypass_root'
  | 'org_config_required_unavailable'
  | 'org_config_refused'
  | 'sandbox_required_unavailable'
  | 'initialize_not_first'
  | 'config_file_invalid'
  | 'managed_settings_not_delivered'
  | 'initialize_fields_not_delivered'
  | 'sideload_flags_disabled';

/** Token and cost totals of one model over a session, in a result's `modelUsage`. */
export type ModelUsage = {
  inputTokens: number;
  outputTokens: number;
  thinkingTokens?: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  cacheCreationEphemeral5mInputTokens?: number;
  cacheCreationEphemeral1hInputTokens?: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
  canonicalModel?: string;
  provider?: string;
  costBasis?: 'list' | 'managed' | 'unknown';
};

/**
 * The Messages API usage block with its nullable counters made non-null, as a result carries it
 * (the CLI fills absent counters with zero). `fallback_credit` stays nullable.
 */
export type NonNullableUsage = {
  [K in keyof BetaUsage]: K extends 'fallback_credit' ? BetaUsage[K] : NonNullable<BetaUsage[K]>;
};

/** A tool use the permission system refused during the turn. */
export type SDKPermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
};

/** A tool call the turn stopped at instead of running (see `terminal_reason: 'tool_deferred'`). */
export type SDKDeferredToolUse = {
  id: string;
  name: string;
  input: Record<string, unknown>;
};

/** An MCP resource a background task produced, linked from its notification. */
export type SDKMcpResourceLink = {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: Record<string, unknown>;
};

/** A slash command or skill the session offers. */
export type SlashCommand = {
  name: string;
  description: string;
  argumentHint: string;
  aliases?: string[];
  builtin?: boolean;
};
