import type {
  BetaMessage,
  BetaRawMessageStreamEvent,
} from '@anthropic-ai/sdk/resources/beta/messages/messages.mjs';
import type { SDKAssistantMessageError, UUID } from './message-common.js';
import type { SDKContextUsage, SDKUsageReport } from './usage-reports.js';

/**
 * `assistant`: one model output, as the Messages API returned it (`message` is the API's own
 * message type). With streaming the CLI usually sends one content block per message.
 * `error` is set when the call failed and `message` holds the CLI's synthetic text about it.
 */
export type SDKAssistantMessage = {
  type: 'assistant';
  message: BetaMessage;
  /** The Task/Agent tool call this message belongs to, or null at the top level. */
  parent_tool_use_id: string | null;
  error?: SDKAssistantMessageError;
  uuid: UUID;
  session_id: string;
  request_id?: string;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
  resumed_from_incomplete_thinking?: true;
  /** Earlier assistant messages this one replaces (e.g. after a fallback retry). */
  supersedes?: UUID[];
  aborted?: true;
  agent_id?: string;
  subagent_type?: string;
  task_description?: string;
  timestamp?: string;
  context_usage?: SDKContextUsage;
  usage_report?: SDKUsageReport;
};

/** `stream_event`: one raw streaming event of the Messages API (with `includePartialMessages`). */
export type SDKPartialAssistantMessage = {
  type: 'stream_event';
  event: BetaRawMessageStreamEvent;
  parent_tool_use_id: string | null;
  uuid: UUID;
  session_id: string;
  /** Time to first token of this model call, in ms. */
  ttft_ms?: number;
  user_message_uuid?: string;
  user_message_uuids?: string[];
  resume_reason?: string;
};
