// The browser entry, `@ccsdk/sdk/browser`: no Node built-in in its import graph.

export type {
  HookEvent,
  SDKAssistantMessage,
  SDKMessage,
  SDKResultMessage,
  SDKSystemMessage,
  SDKUserMessage,
} from '@ccsdk/control-protocol';
export type {
  CreateSdkMcpServerOptions,
  McpSdkServerConfigWithInstance,
  SdkMcpToolDefinition,
  SdkMcpToolExtras,
  SdkMcpToolHandler,
  ToolInputSchema,
} from '@ccsdk/mcp-inproc';
export type { HookCallbackMatcher } from '../hooks/hook-types.js';
export type { McpServerConfig } from '../mcp/mcp-server-config.js';
export type {
  ElicitationRequest,
  ElicitationResult,
  OnElicitation,
  OnUserDialog,
  UserDialogRequest,
  UserDialogResult,
} from '../options/dialogs.js';
export type { CanUseTool } from '../permissions/permissions.js';
export type { Query } from '../query/query-types.js';
export type { BrowserSdkErrorCode, BrowserSdkErrorDetails } from './browser-error.js';
export { BrowserSdkError } from './browser-error.js';
export type {
  AuthMessage,
  BrowserQueryOptions,
  OAuthCredential,
  SSEOptions,
  WebSocketOptions,
} from './browser-types.js';
export { BROWSER_BUNDLE_BUDGET_GZIP_BYTES } from './bundle-budget.js';
export type { PageMcpTransport } from './page-mcp-server.js';
export { createSdkMcpServer, PAGE_MCP_PROTOCOL_VERSION, PageMcpServer } from './page-mcp-server.js';
export { PAGE_TOOL_NAME_PATTERN, tool } from './page-tool.js';
export { query } from './query.js';
export type { CcrEventEnvelope } from './sse-event-router.js';
export {
  G4_TEXT_ENVELOPE_ARM_PORTED,
  getCcrEvent,
  getSseDropCounts,
  getSseLastSequenceNum,
  resumeSseStream,
  suspendSseStream,
} from './sse-helpers.js';
export {
  SSE_MAX_FRAME_CHARS,
  SSE_MAX_PENDING_ECHOES,
  SSE_MAX_RETRY_AFTER_MS,
  SSE_RETRY_INITIAL_DELAY_MS,
  SSE_RETRY_JITTER,
  SSE_RETRY_MAX_DELAY_MS,
} from './sse-limits.js';
export { SSE_REFUSAL_BODY_CHARS } from './sse-refusal.js';
export { ZOD_READ_MAX_DEPTH } from './zod-json-schema.js';
