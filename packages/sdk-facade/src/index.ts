/**
 * Public API of @ccsdk/sdk: drive Claude Code from TypeScript. Everything listed here is public;
 * nothing else is.
 */

export { ControlProtocolError } from '@ccsdk/control-protocol';
// Direct Connect.
export type { DirectConnectTransportOptions } from '@ccsdk/direct-connect';
export { DirectConnectError, DirectConnectTransport, parseDirectConnectUrl } from '@ccsdk/direct-connect';
export type {
  McpSdkServerConfigWithInstance,
  SdkMcpToolDefinition,
  SdkMcpToolExtra,
} from '@ccsdk/mcp-inproc';
export { createSdkMcpServer, SdkMcpError, tool } from '@ccsdk/mcp-inproc';
// Sessions on disk or in a store (the store-aware versions: without `sessionStore` they read disk).
export type { SDKSessionInfo } from '@ccsdk/session-jsonl';
export type {
  ImportSessionToStoreOptions,
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreOption,
} from '@ccsdk/session-store';
export {
  archiveSession,
  deleteSession,
  foldSessionSummary,
  forkSession,
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  getSubagentMetadata,
  InMemorySessionStore,
  importSessionToStore,
  listSessions,
  listSubagents,
  projectKeyForDirectory,
  renameSession,
  SessionStoreError,
  tagSession,
  unarchiveSession,
} from '@ccsdk/session-store';
// The transport's errors, so callers can branch on them from one import.
export type { SpawnedProcess, SpawnOptions } from '@ccsdk/transport-subprocess';
export { CLINotFoundError, ProcessExitError, SubprocessTransportError } from '@ccsdk/transport-subprocess';
export { BUILTIN_TOOL_NAMES, LEGACY_TOOL_NAME_ALIASES } from './catalog/tool-names.js';
export {
  ORG_POLICY_LIMIT_PREFIXES,
  USAGE_LIMIT_ERROR_PREFIXES,
  USAGE_TRANSITION_PREFIXES,
  USAGE_WARNING_PREFIXES,
} from './catalog/usage-prefixes.js';
export type {
  ControlMethods,
  McpServerStatus,
  PermissionMode,
  RewindFilesResult,
} from './control/control-methods.js';
export type {
  McpReadResourceResult,
  McpResourceContent,
  ReadFileResult,
  ReloadOutputStylesResult,
  ReloadPluginConfig,
  ReloadPluginsResult,
  ReloadSkillsResult,
  UsageModelTotals,
  UsageResult,
} from './control/control-responses.js';
export type {
  AccountInfo,
  AgentInfo,
  InitializationResult,
  ModelInfo,
  SlashCommand,
} from './control/initialization.js';
export type { ElicitationRequest, ElicitationResult, OnElicitation } from './dialogs/elicitation.js';
export type { OnUserDialog, UserDialogRequest, UserDialogResult } from './dialogs/user-dialog.js';
export type { SdkErrorCode } from './errors/error-codes.js';
export { AbortError, ResultError, SdkError } from './errors/sdk-error.js';
export type {
  ContentBlock,
  SDKAssistantMessage,
  SDKMessage,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
  SDKSystemInitMessage,
  SDKUnknownMessage,
  SDKUserMessage,
} from './messages/messages.js';
export {
  isSDKAssistantMessage,
  isSDKPartialAssistantMessage,
  isSDKResultError,
  isSDKResultMessage,
  isSDKResultSuccess,
  isSDKSystemInitMessage,
  isSDKUserMessage,
  isTextBlock,
  isThinkingBlock,
  isToolResultBlock,
  isToolUseBlock,
} from './messages/messages.js';
export type { DeniedModelsMatch } from './models/match-denied-models.js';
export { matchDeniedModels } from './models/match-denied-models.js';
export type { AgentDefinition } from './options/agents.js';
export type { Options } from './options/options.js';
export type { CanUseTool, CanUseToolContext, PermissionResult } from './permissions/permissions.js';
export type { ClaimOptions } from './prewarm/claim-options.js';
export { prewarm } from './prewarm/prewarm.js';
export type { ClaimInfo, PrewarmErrorCode } from './prewarm/prewarm-error.js';
export { PrewarmError } from './prewarm/prewarm-error.js';
export type { SpareProcess } from './prewarm/spare-process.js';
export { INITIALIZE_TIMEOUT_MS, QUERY_CLOSE_WAIT_MS } from './query/limits.js';
export { query } from './query/query.js';
export type { Prompt, Query } from './query/query-types.js';
export type { WarmQuery } from './query/warm-query.js';
export { startup } from './query/warm-query.js';
export type { MatchableCommand } from './search/command-matcher.js';
export { CommandMatcher } from './search/command-matcher.js';
export type { FileIndexMatch } from './search/file-index.js';
export { FILE_INDEX_MAX_PATHS, FileIndex } from './search/file-index.js';

// hooks and settings

export { EXIT_REASONS, HOOK_EVENTS, SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from './constants.js';
export type { HookErrorCode } from './hooks/hook-error.js';
export { HookError } from './hooks/hook-error.js';
export type {
  BaseHookInput,
  ExitReason,
  HookEvent,
  HookInput,
  NotificationHookInput,
  OtherHookInput,
  PermissionRequestHookInput,
  PostToolUseFailureHookInput,
  PostToolUseHookInput,
  PreCompactHookInput,
  PreToolUseHookInput,
  SessionEndHookInput,
  SessionStartHookInput,
  StopHookInput,
  SubagentStartHookInput,
  SubagentStopHookInput,
  UserPromptSubmitHookInput,
} from './hooks/hook-input.js';
export type {
  AsyncHookJSONOutput,
  HookJSONOutput,
  HookPermissionDecision,
  OtherHookSpecificOutput,
  PermissionRequestHookSpecificOutput,
  PostToolUseHookSpecificOutput,
  PreToolUseHookSpecificOutput,
  SessionStartHookSpecificOutput,
  SyncHookJSONOutput,
  UserPromptSubmitHookSpecificOutput,
} from './hooks/hook-output.js';
export type { HookCallback, HookCallbackMatcher, HooksOption } from './hooks/hook-types.js';
export { HOOK_TIMEOUT_REPLY_GRACE_MS } from './hooks/limits.js';
export { filterEscalatingDefaultMode } from './settings/filter-escalating-default-mode.js';
export {
  defaultManagedSettingsDir,
  MANAGED_SETTINGS_DROP_IN_DIR,
  MANAGED_SETTINGS_FILE,
} from './settings/managed-source.js';
export type { ResolveSettingsOptions } from './settings/resolve-settings.js';
export { resolveSettings } from './settings/resolve-settings.js';
export type { SettingsErrorCode } from './settings/settings-error.js';
export { SettingsError } from './settings/settings-error.js';
export type {
  PolicySettingsOrigin,
  ProvenanceEntry,
  ResolvedSettingSource,
  ResolvedSettings,
  SettingSource,
  Settings,
  SettingsSourceEntry,
} from './settings/settings-types.js';
