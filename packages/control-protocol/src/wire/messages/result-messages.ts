import type {
  FastModeDisabledReason,
  FastModeState,
  ModelUsage,
  NonNullableUsage,
  SDKDeferredToolUse,
  SDKPermissionDenial,
  SDKStartupFailureReason,
  TerminalReason,
  UUID,
} from './message-common.js';
import type { SDKMessageOrigin } from './message-origin.js';

/**
 * A timing detail of {@link SDKResultSuccess}: what the first post of the turn's stream (or of its
 * text) waited behind in the CLI's queue, `none` when it did not wait.
 */
export type QueuedBehind = 'durable_post' | 'ephemeral_post' | 'retry_backoff' | 'hold' | 'none';

/**
 * The fields both kinds of `result` message carry: timing, turn count, cost, token usage per
 * model, the permission denials of the turn, and the session's ids. See {@link SDKResultSuccess}
 * and {@link SDKResultError}.
 */
export type ResultFields = {
  type: 'result';
  duration_ms: number;
  duration_api_ms: number;
  is_error: boolean;
  num_turns: number;
  stop_reason: string | null;
  total_cost_usd: number;
  usage: NonNullableUsage;
  modelUsage: Record<string, ModelUsage>;
  permission_denials: SDKPermissionDenial[];
  queued_turn_count?: number;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  terminal_reason?: TerminalReason;
  result_index?: number;
  credential_expires_at?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  origin?: SDKMessageOrigin;
  uuid: UUID;
  session_id: string;
};

/**
 * `result`/`success`: the turn ended. `result` is the final text; with `is_error: true` (an API
 * error the CLI gave up on) it holds the error text instead. `structured_output` is the validated
 * JSON when `outputFormat` asked for it.
 */
export type SDKResultSuccess = ResultFields & {
  subtype: 'success';
  ttft_ms?: number;
  ttft_stream_ms?: number;
  time_to_request_ms?: number;
  local_command?: string;
  request_sent_wall_ms?: number;
  first_content_frame_ms?: number;
  first_stream_post_ms?: number;
  first_stream_post_ack_ms?: number;
  first_stream_post_queue_wait_ms?: number;
  first_stream_post_queued_behind?: QueuedBehind;
  first_stream_post_wall_ms?: number;
  first_text_post_ms?: number;
  first_text_post_queue_wait_ms?: number;
  first_text_post_queued_behind?: QueuedBehind;
  first_text_post_wall_ms?: number;
  time_to_request_from_spawn_ms?: number;
  warm_spare_claimed?: boolean;
  time_origin_ms?: number;
  api_error_status?: number | null;
  result: string;
  structured_output?: unknown;
  deferred_tool_use?: SDKDeferredToolUse;
};

/** `result` with an error subtype: the turn stopped early; `errors` says why. */
export type SDKResultError = ResultFields & {
  subtype:
    | 'error_during_execution'
    | 'error_max_turns'
    | 'error_max_budget_usd'
    | 'error_max_structured_output_retries';
  errors: string[];
  startup_failure_reason?: SDKStartupFailureReason;
  /** The settings or config file the CLI could not parse, when that stopped it. */
  invalid_config_file?: { path: string; is_global: boolean; backup_searched: boolean; backup_path?: string };
};

/** The outcome of a turn: exactly one per turn, after that turn's other messages. */
export type SDKResultMessage = SDKResultSuccess | SDKResultError;
