// The browser entry, `@ccsdk/sdk/browser`: no Node built-in in its import graph.

export type {
  HookEvent,
  SDKAssistantMessage,
  SDKMessage,
  SDKResultMessage,
  SDKSystemMessage,
  SDKUserMessage,
} from '@ccsdk/control-protocol';
export type { McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
export { createSdkMcpServer, tool } from '@ccsdk/mcp-inproc';
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
export type { BrowserSdkErrorCode } from './browser-error.js';
export { BrowserSdkError } from './browser-error.js';
export type {
  AuthMessage,
  BrowserQueryOptions,
  OAuthCredential,
  SSEOptions,
  WebSocketOptions,
} from './browser-types.js';
export { query } from './query.js';
export {
  G4_TEXT_ENVELOPE_ARM_PORTED,
  getCcrEvent,
  getSseDropCounts,
  getSseLastSequenceNum,
  resumeSseStream,
  suspendSseStream,
} from './sse-helpers.js';
