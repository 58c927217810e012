/**
 * Public API of @ccsdk/sdk: drive Claude Code from TypeScript. Everything listed here is public;
 * nothing else is.
 */

import { hardenExecutableSearch } from '@ccsdk/transport-subprocess';

// The one thing importing this entry (or `/core`, which imports it) does, as importing the official
// SDK does: `NoDefaultCurrentDirectoryInExePath=1` in `process.env`, so no process started from here
// on (the CLI, its tools, the program's own) runs an executable found in the current folder on
// Windows. package.json declares the built files as having side effects, so bundlers keep it
// wherever tsup puts this statement.
hardenExecutableSearch();

// The wire: control requests and responses, MCP configs, permission updates (defined once in
// @ccsdk/control-protocol).
export type {
  AgentDefinition,
  AgentMcpServerSpec,
  ApiKeySource,
  ContentBlock,
  FastModeDisabledReason,
  FastModeState,
  JsonRpcMessage,
  McpClaudeAIProxyServerConfig,
  McpHttpServerConfig,
  McpSdkServerConfig,
  McpServerConfigForProcessTransport,
  McpServerProvenance,
  McpServerStatusConfig,
  McpServerToolPolicy,
  McpSetServersResult,
  McpSSEServerConfig,
  McpStdioServerConfig,
  ModelUsage,
  NonNullableUsage,
  SDKActiveGoalMessage,
  SDKAPIRetryMessage,
  SDKAssistantMessage,
  SDKAssistantMessageError,
  SDKAuthStatusMessage,
  SDKBackgroundTasksChangedMessage,
  SDKCommandsChangedMessage,
  SDKCompactBoundaryMessage,
  SDKContextUsage,
  SDKContextUsageCategory,
  SDKControlGetContextUsageResponse,
  SDKControlGetUsageResponse,
  SDKControlInitializeResponse,
  SDKControlInterruptResponse,
  SDKControlListPermissionRulesResponse,
  SDKControlMcpReadResourceResponse,
  SDKControlPermissionRulesState,
  SDKControlReadFileResponse,
  SDKControlReloadOutputStylesResponse,
  SDKControlReloadPluginsResponse,
  SDKControlReloadSkillsResponse,
  SDKControlRequest,
  SDKControlRequestProgressMessage,
  SDKControlResponse,
  SDKControlSetPermissionModeResponse,
  SDKConversationResetMessage,
  SDKDeferredToolUse,
  SDKElicitationCompleteMessage,
  SDKFilesPersistedEvent,
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMcpResourceLink,
  SDKMemoryRecallMessage,
  SDKMessage,
  SDKMessageOrigin,
  SDKMirrorErrorMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKNotificationMessage,
  SDKPartialAssistantMessage,
  SDKPermissionDenial,
  SDKPermissionDeniedMessage,
  SDKPermissionRuleDescription,
  SDKPermissionRuleEntry,
  SDKPermissionWorkspaceDirectory,
  SDKPluginInstallMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
  SDKSessionStateChangedMessage,
  SDKSessionWritesLostMessage,
  SDKSettingsParseError,
  SDKStartupFailureReason,
  SDKStatus,
  SDKStatusMessage,
  SDKSystemInitMessage,
  SDKSystemMessage,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
  SDKThinkingTokensMessage,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
  SDKUnknownMessage,
  SDKUsageReport,
  SDKUserMessage,
  SDKUserMessageReplay,
  SDKWorkerShuttingDownMessage,
  SdkPluginConfig,
  TerminalReason,
  UUID,
} from '@ccsdk/control-protocol';
export {
  ControlProtocolError,
  isKnownSDKMessage,
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
  unknownSDKMessage,
} from '@ccsdk/control-protocol';
// Direct Connect.
export type { DirectConnectTransportOptions } from '@ccsdk/direct-connect';
export { DirectConnectError, DirectConnectTransport, parseDirectConnectUrl } from '@ccsdk/direct-connect';
export type {
  ExtendedSdkMcpToolDefinition,
  InferShape,
  McpSdkServerConfigWithInstance,
  SdkMcpToolDefinition,
  SdkMcpToolExtra,
} from '@ccsdk/mcp-inproc';
export { createSdkMcpServer, SdkMcpError, tool } from '@ccsdk/mcp-inproc';
// Sessions on disk or in a store (the store-aware versions: without `sessionStore` they read disk).
export type { SDKSessionInfo } from '@ccsdk/session-jsonl';
export type {
  ExtendedImportSessionToStoreOptions,
  ImportSessionToStoreOptions,
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreOption,
  SessionSummaryEntry,
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
export type { ControlMethods, McpServerStatus, PermissionMode } from './control/control-methods.js';
export type { RewindFilesResult } from './control/control-results.js';
export type {
  McpAuthenticateResult,
  RemoteControlResult,
  SessionSettingsReport,
} from './control/extended-control-methods.js';
export type {
  AccountInfo,
  AgentInfo,
  InitializationResult,
  ModelInfo,
  SlashCommand,
} from './control/initialization.js';
export type { SdkErrorCode } from './errors/error-codes.js';
export { AbortError, ResultError, SdkError } from './errors/sdk-error.js';
export type { ConfigScope, McpServerConfig } from './mcp/mcp-server-config.js';
export type { AnyZodRawShape } from './mcp/tool-shapes.js';
export type { DeniedModelsMatch } from './models/match-denied-models.js';
export { matchDeniedModels } from './models/match-denied-models.js';
export type {
  ElicitationRequest,
  ElicitationResult,
  OnElicitation,
  OnUserDialog,
  ToolConfig,
  UserDialogRequest,
  UserDialogResult,
} from './options/dialogs.js';
export type { ExtendedOptions, Options } from './options/options.js';
export type {
  BaseOutputFormat,
  JsonSchemaOutputFormat,
  OutputFormat,
  OutputFormatType,
  SdkBeta,
} from './options/output-format.js';
export type {
  SandboxCredentialsConfig,
  SandboxFilesystemConfig,
  SandboxIgnoreViolations,
  SandboxNetworkConfig,
  SandboxSettings,
  SecretRule,
  SigV4Mode,
} from './options/sandbox.js';
export type {
  EffortLevel,
  ThinkingAdaptive,
  ThinkingConfig,
  ThinkingDisabled,
  ThinkingEnabled,
} from './options/thinking.js';
export type {
  CanUseTool,
  CanUseToolContext,
  PermissionBehavior,
  PermissionDecisionClassification,
  PermissionResult,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
} from './permissions/permissions.js';
export type { ClaimOptions } from './prewarm/claim-options.js';
export { prewarm } from './prewarm/prewarm.js';
export type { ClaimInfo, PrewarmErrorCode } from './prewarm/prewarm-error.js';
export { PrewarmError } from './prewarm/prewarm-error.js';
export type { SpareProcess } from './prewarm/spare-process.js';
export {
  INITIALIZE_TIMEOUT_MS,
  QUERY_CLOSE_WAIT_MS,
  QUEUED_TURN_WAIT_MS,
  STARTUP_HOOKS_MAX_HOLD_MS,
} from './query/limits.js';
export { query } from './query/query.js';
export type { ExtendedQuery, Prompt, Query } from './query/query-types.js';
export type { ExtendedWarmQuery, WarmQuery } from './query/warm-query.js';
export { startup } from './query/warm-query.js';
export type { MatchableCommand } from './search/command-matcher.js';
export { CommandMatcher } from './search/command-matcher.js';
export type { FileIndexMatch } from './search/file-index.js';
export { FILE_INDEX_MAX_PATHS, FileIndex } from './search/file-index.js';
export type {
  ForkSessionOptions,
  ForkSessionResult,
  GetSessionInfoOptions,
  GetSessionMessagesOptions,
  GetSubagentMessagesOptions,
  ListSessionsOptions,
  ListSubagentsOptions,
  SessionMessage,
  SessionMutationOptions,
  SessionStoreFlush,
} from './sessions/session-options.js';
export type { StdoutMessage, Transport } from './transport/process-transport.js';

// hooks and settings

export type {
  AsyncHookJSONOutput,
  BackgroundTaskSummary,
  BaseHookInput,
  ConfigChangeHookInput,
  CwdChangedHookInput,
  CwdChangedHookSpecificOutput,
  DirectoryAddedHookInput,
  ElicitationHookInput,
  ElicitationHookSpecificOutput,
  ElicitationResultHookInput,
  ElicitationResultHookSpecificOutput,
  ExitReason,
  FileChangedHookInput,
  FileChangedHookSpecificOutput,
  HookEvent,
  HookInput,
  HookJSONOutput,
  HookPermissionDecision,
  InstructionsLoadedHookInput,
  MessageDisplayHookInput,
  MessageDisplayHookSpecificOutput,
  NotificationHookInput,
  NotificationHookSpecificOutput,
  PermissionDeniedHookInput,
  PermissionDeniedHookSpecificOutput,
  PermissionRequestHookInput,
  PermissionRequestHookSpecificOutput,
  PostCompactHookInput,
  PostModelSwitchHookInput,
  PostModelSwitchHookSpecificOutput,
  PostToolBatchHookInput,
  PostToolBatchHookSpecificOutput,
  PostToolBatchToolCall,
  PostToolUseFailureHookInput,
  PostToolUseFailureHookSpecificOutput,
  PostToolUseHookInput,
  PostToolUseHookSpecificOutput,
  PreCompactHookInput,
  PreModelSwitchHookInput,
  PreModelSwitchHookSpecificOutput,
  PreSkillShellCommandHookInput,
  PreSkillShellCommandHookSpecificOutput,
  PreToolUseHookInput,
  PreToolUseHookSpecificOutput,
  SessionCronSummary,
  SessionEndHookInput,
  SessionStartHookInput,
  SessionStartHookSpecificOutput,
  SetupHookInput,
  SetupHookSpecificOutput,
  StopFailureHookInput,
  StopHookInput,
  StopHookSpecificOutput,
  SubagentStartHookInput,
  SubagentStartHookSpecificOutput,
  SubagentStopHookInput,
  SubagentStopHookSpecificOutput,
  SyncHookJSONOutput,
  TaskCompletedHookInput,
  TaskCreatedHookInput,
  TeammateIdleHookInput,
  UserPromptExpansionHookInput,
  UserPromptExpansionHookSpecificOutput,
  UserPromptSubmitHookInput,
  UserPromptSubmitHookSpecificOutput,
  WorktreeCreateHookInput,
  WorktreeCreateHookSpecificOutput,
  WorktreeRemoveHookInput,
} from '@ccsdk/control-protocol';
export { EXIT_REASONS, HOOK_EVENTS, SYSTEM_PROMPT_DYNAMIC_BOUNDARY } from './constants.js';
export type { HookErrorCode } from './hooks/hook-error.js';
export { HookError } from './hooks/hook-error.js';
export type {
  ExtendedHookCallbackMatcher,
  HookCallback,
  HookCallbackMatcher,
  HooksOption,
} from './hooks/hook-types.js';
export { HOOK_TIMEOUT_REPLY_GRACE_MS } from './hooks/limits.js';
export { filterEscalatingDefaultMode } from './settings/filter-escalating-default-mode.js';
export {
  defaultManagedSettingsDir,
  MANAGED_SETTINGS_DROP_IN_DIR,
  MANAGED_SETTINGS_FILE,
} from './settings/managed-source.js';
export type { ExtendedResolveSettingsOptions, ResolveSettingsOptions } from './settings/resolve-settings.js';
export { resolveSettings } from './settings/resolve-settings.js';
export type { SettingsErrorCode } from './settings/settings-error.js';
export { SettingsError } from './settings/settings-error.js';
export type {
  ExtendedResolvedSettings,
  FlagSettings,
  PolicySettingsOrigin,
  ProvenanceEntry,
  ResolvedSettingSource,
  ResolvedSettings,
  SettingSource,
  Settings,
  SettingsSourceEntry,
} from './settings/settings-types.js';
