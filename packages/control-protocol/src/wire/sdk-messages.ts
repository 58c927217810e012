import type { ContentBlock } from './content-blocks.js';

/**
 * The SDK messages the CLI writes on stdout (everything that is not control traffic), typed
 * from this one file. Forward compatible: a `type` or `subtype` this file does not know
 * arrives untouched as {@link SDKUnknownMessage}. Because of that catch-all, a bare
 * `message.type === 'result'` check does not narrow; use the guards in
 * `classify-wire-message.ts` (`isSDKResultMessage`, ...), which check the fields with zod.
 */

/** Token counts of a model call or of a whole turn. Extra counters pass through. */
export type SDKUsage = {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  [key: string]: unknown;
};

/** One MCP server as listed in the init message. */
export type SDKMcpServerState = {
  name: string;
  /** `connected`, `pending`, `failed`, `needs-auth`, `disabled`, or a later value. */
  status: string;
};

/** `system`/`init`: the session is up; lists the model, tools, MCP servers and settings. */
export interface SDKSystemInitMessage {
  type: 'system';
  subtype: 'init';
  session_id: string;
  uuid?: string;
  model: string;
  tools: string[];
  mcp_servers: SDKMcpServerState[];
  /** `default`, `acceptEdits`, `bypassPermissions`, `plan`, `dontAsk`, `auto`, or a later value. */
  permissionMode: string;
  cwd: string;
  /** Where the API credential came from, e.g. `ANTHROPIC_API_KEY` or `none`. */
  apiKeySource: string;
  slash_commands: string[];
  claude_code_version?: string;
  output_style?: string;
  agents?: string[];
  skills?: string[];
  plugins?: { name: string; path: string }[];
  /** Feature flags of the CLI, e.g. `interrupt_receipt_v1`. */
  capabilities?: string[];
}

/** `system`/`compact_boundary`: the conversation was compacted at this point. */
export interface SDKCompactBoundaryMessage {
  type: 'system';
  subtype: 'compact_boundary';
  session_id: string;
  uuid: string;
  compact_metadata: { trigger: 'manual' | 'auto'; pre_tokens: number; [key: string]: unknown };
}

/** `system`/`task_started`: a background task (subagent, workflow, shell) started. */
export interface SDKTaskStartedMessage {
  type: 'system';
  subtype: 'task_started';
  session_id: string;
  uuid: string;
  task_id: string;
  description: string;
  tool_use_id?: string;
  /** E.g. `local_agent`, `local_workflow`, `local_bash`. */
  task_type?: string;
}

/** `system`/`task_notification`: a background task ended. */
export interface SDKTaskNotificationMessage {
  type: 'system';
  subtype: 'task_notification';
  session_id: string;
  uuid: string;
  task_id: string;
  /** `completed`, `failed` or `stopped`. */
  status: string;
  output_file: string;
  summary: string;
  tool_use_id?: string;
}

/** `system`/`mirror_error`: a session store append failed for good (synthesized by the SDK). */
export interface SDKMirrorErrorMessage {
  type: 'system';
  subtype: 'mirror_error';
  session_id: string;
  uuid: string;
  error: string;
  key: { projectKey: string; sessionId: string; subpath?: string };
}

/** The Messages API message inside an {@link SDKAssistantMessage}. */
export interface SDKAPIAssistantMessage {
  id?: string;
  type?: 'message';
  role: 'assistant';
  model?: string;
  content: ContentBlock[];
  stop_reason?: string | null;
  usage?: SDKUsage;
  [key: string]: unknown;
}

/** `assistant`: one model output (usually one content block per message when streamed). */
export interface SDKAssistantMessage {
  type: 'assistant';
  message: SDKAPIAssistantMessage;
  /** The Task tool call this message belongs to, or null at the top level. */
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
}

/** `user`: a prompt, or tool results fed back to the model. Also the shape we write on stdin. */
export interface SDKUserMessage {
  type: 'user';
  message: { role: 'user'; content: string | ContentBlock[]; [key: string]: unknown };
  parent_tool_use_id: string | null;
  /** `''` on the first prompt of a new session. */
  session_id: string;
  uuid?: string;
  isSynthetic?: boolean;
  /** The tool's structured output (shape per tool). */
  tool_use_result?: unknown;
}

/** A permission the CLI refused during the turn. */
export type SDKPermissionDenial = {
  tool_name: string;
  tool_use_id: string;
  tool_input: Record<string, unknown>;
};

/** Fields every result carries. */
export interface SDKResultBase {
  type: 'result';
  is_error: boolean;
  duration_ms: number;
  duration_api_ms: number;
  num_turns: number;
  total_cost_usd: number;
  usage: SDKUsage;
  session_id: string;
  uuid: string;
  permission_denials: SDKPermissionDenial[];
  stop_reason?: string | null;
  modelUsage?: Record<string, unknown>;
}

/** `result`/`success`: the turn ended; `result` is the final text (or the API error text when `is_error`). */
export interface SDKResultSuccess extends SDKResultBase {
  subtype: 'success';
  result: string;
  /** The validated JSON when an output schema was requested. */
  structured_output?: unknown;
}

/** The error subtypes of a result: why the turn stopped early. */
export type SDKResultErrorSubtype =
  | 'error_max_turns'
  | 'error_during_execution'
  | 'error_max_budget_usd'
  | 'error_max_structured_output_retries';

/** `result` with an error subtype; `errors` holds the messages. */
export interface SDKResultError extends SDKResultBase {
  subtype: SDKResultErrorSubtype;
  errors: string[];
}

/** The outcome of a turn: exactly one per turn, after that turn's other messages. */
export type SDKResultMessage = SDKResultSuccess | SDKResultError;

/** `stream_event`: one raw Messages API streaming event (with `--include-partial-messages`). */
export interface SDKPartialAssistantMessage {
  type: 'stream_event';
  event: { type: string; [key: string]: unknown };
  parent_tool_use_id: string | null;
  session_id: string;
  uuid: string;
}

/** Any message whose `type`/`subtype` this package does not know, or that failed its schema. */
export interface SDKUnknownMessage {
  type: string;
  [key: string]: unknown;
}

/** Every SDK message this package knows. */
export type SDKKnownMessage =
  | SDKSystemInitMessage
  | SDKCompactBoundaryMessage
  | SDKTaskStartedMessage
  | SDKTaskNotificationMessage
  | SDKMirrorErrorMessage
  | SDKAssistantMessage
  | SDKUserMessage
  | SDKResultSuccess
  | SDKResultError
  | SDKPartialAssistantMessage;

/** One SDK message from the CLI: a known member or the forward-compatible catch-all. */
export type SDKMessage = SDKKnownMessage | SDKUnknownMessage;
