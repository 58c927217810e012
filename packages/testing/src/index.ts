/**
 * Public API of `@ccsdk/testing`: a scripted fake of the Anthropic Messages API for offline
 * tests of Claude Code agents, helpers to find and sandbox the real CLI, the demo model, and a
 * heap census for checking that a long-running agent retains nothing per turn.
 * Everything listed here is public; anything not listed is internal.
 */

export type { AgentTestBed, AgentTestBedOptions, AgentTestBedQueryOptions } from './agent-test-bed.js';
export { createAgentTestBed } from './agent-test-bed.js';
export type {
  ApiContentBlock,
  ApiMessage,
  ApiTextBlock,
  ApiThinkingBlock,
  ApiToolUseBlock,
  ApiUsage,
} from './api-message.js';
export type { Block, TextBlock, ThinkingBlock, ToolUseBlock } from './blocks.js';
export { text, thinking, toolUse } from './blocks.js';
export type { CliSandbox, CliSandboxOptions } from './cli-sandbox.js';
export { createCliSandbox, SANDBOX_API_KEY } from './cli-sandbox.js';
export { createDemoScript, DEMO_COMMAND, DEMO_LISTING_LINES, DEMO_TOOL_ID_PREFIX } from './demo-script.js';
export type { Libc } from './detect-libc.js';
export type { TestingErrorCode } from './errors.js';
export { TestingError } from './errors.js';
export type { FakeMessagesApi } from './fake-messages-api.js';
export { isMessagesRequest, startFakeMessagesApi } from './fake-messages-api.js';
export type { FakeMessagesApiOptions } from './fake-messages-api-options.js';
export { FALLBACK_MODEL } from './handle-request.js';
export type { CensusGrowth, HeapCensus } from './heap-census.js';
export { censusGrowth, HEAP_CENSUS_STRING_KEY_CHARS, heapCensus } from './heap-census.js';
export {
  CHARS_PER_TOKEN,
  DEFAULT_MAX_REQUEST_BODY_BYTES,
  DEFAULT_WAIT_TIMEOUT_MS,
  INPUT_JSON_DELTA_PIECES,
  MAX_REPLY_DELAY_MS,
  PROBE_MAX_TOKENS,
  TEXT_DELTA_PIECES,
} from './limits.js';
export type { LocateClaudeCodeBinaryOptions } from './locate-claude-code-binary.js';
export {
  CLAUDE_CODE_PACKAGE,
  locateClaudeCodeBinary,
  MIN_NATIVE_BINARY_BYTES,
  platformPackageName,
} from './locate-claude-code-binary.js';
export { asksForStructuredOutput, defaultIsMainRequest } from './main-request-rule.js';
export { CLI_ENV_TO_DROP, QUIET_CLI_ENV } from './quiet-cli-env.js';
export type {
  RecordedMessagesRequest,
  RecordedRequest,
  RecordedToolResult,
  RequestKind,
  RequestOutcome,
} from './recorded-request.js';
export type { ContentReply, ErrorReply, Reply, ReplyUsage, StopReason } from './reply.js';
export { apiError, isErrorReply, reply } from './reply.js';
export type { Script, ScriptFunction } from './script-player.js';
export { SCRIPT_EXHAUSTED_TEXT } from './script-player.js';
export { DEFAULT_SIDE_REPLY_STRING, DEFAULT_SIDE_REPLY_TEXT, defaultSideReply } from './side-reply.js';
export type { SseEvent } from './sse-events.js';
export { formatSseEvent, messageToSseEvents } from './sse-events.js';
