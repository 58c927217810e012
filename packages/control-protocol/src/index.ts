/**
 * Public API of @ccsdk/control-protocol. Everything listed here is public; nothing else is.
 */

export type { ControlChannelOptions, ControlRequestOptions } from './channel-options.js';
export { ControlChannel } from './control-channel.js';
export { encodeJsonLine } from './encode-json-line.js';
export type { ControlProtocolErrorCode } from './errors.js';
export { ControlProtocolError } from './errors.js';
export { createLinkedTransportPair } from './in-memory-transport.js';
export type { ControlRequestContext, ControlRequestHandler } from './inbound-handlers.js';
export type { JsonLinesDecoderOptions } from './json-lines-decoder.js';
export { JsonLinesDecoder } from './json-lines-decoder.js';
export {
  ABANDONED_REQUEST_IDS_KEPT,
  ANSWERED_REQUEST_IDS_KEPT,
  BAD_LINE_PREVIEW_CHARS,
  DEFAULT_CONTROL_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_LINE_BYTES,
  MAX_TIMEOUT_MS,
} from './limits.js';
export type { LineSplitterOptions } from './line-splitter.js';
export { LineSplitter } from './line-splitter.js';
export { ReplyDeadline } from './reply-deadline.js';
export type { SystemPromptFields, SystemPromptOptions } from './system-prompt-fields.js';
export { systemPromptFields } from './system-prompt-fields.js';
export type { Transport, TransportCloseInfo } from './transport.js';
export type {
  AccountInfo,
  AgentDefinition,
  AgentInfo,
  AgentMcpServerSpec,
  ModelInfo,
} from './wire/agent-definition.js';
export type { WireMessageClass } from './wire/classify-wire-message.js';
export { classifyWireMessage } from './wire/classify-wire-message.js';
export type {
  ContentBlock,
  TextBlock,
  ThinkingBlock,
  ToolResultBlock,
  ToolUseBlock,
  UnknownContentBlock,
} from './wire/content-blocks.js';
export { isTextBlock, isThinkingBlock, isToolResultBlock, isToolUseBlock } from './wire/content-blocks.js';
export type {
  CliControlRequest,
  JsonRpcMessage,
  SDKControlPermissionRequest,
} from './wire/control/cli-control-requests.js';
export type {
  NamedTokens,
  SDKControlGetContextUsageResponse,
} from './wire/control/context-usage-response.js';
export type {
  PendingControlRequests,
  SDKControlCancelRequest,
  SDKControlRequest,
  SDKControlRequestInner,
  SDKControlResponse,
} from './wire/control/control-envelopes.js';
export type {
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
  SDKControlSetPermissionModeResponse,
  SDKPermissionRuleDescription,
  SDKPermissionRuleEntry,
  SDKPermissionWorkspaceDirectory,
  SDKSettingsParseError,
  UsageBehaviors,
  UsageWindow,
} from './wire/control/control-responses.js';
export type {
  BareHostRequest,
  HostControlRequest,
  SDKControlInitializeRequest,
  SDKHookCallbackMatcher,
} from './wire/control/host-control-requests.js';
export type {
  ControlCancelRequest,
  ControlErrorBody,
  ControlRequest,
  ControlRequestBody,
  ControlResponse,
  ControlSuccessBody,
  KeepAlive,
  TranscriptMirror,
} from './wire/control-messages.js';
export {
  controlCancelRequestSchema,
  controlRequestSchema,
  controlResponseSchema,
  keepAliveSchema,
  transcriptMirrorSchema,
} from './wire/control-messages.js';
export {
  isControlCancelRequest,
  isControlRequest,
  isControlResponse,
  isKeepAlive,
  isSDKAssistantMessage,
  isSDKPartialAssistantMessage,
  isSDKResultError,
  isSDKResultMessage,
  isSDKResultSuccess,
  isSDKSystemInitMessage,
  isSDKTaskNotificationMessage,
  isSDKTaskStartedMessage,
  isSDKUserMessage,
  isTranscriptMirror,
} from './wire/guards.js';
export type {
  BackgroundTaskSummary,
  BaseHookInput,
  ExitReason,
  HookEvent,
  SessionCronSummary,
} from './wire/hooks/base-hook-input.js';
export type {
  ConfigChangeHookInput,
  CwdChangedHookInput,
  DirectoryAddedHookInput,
  ElicitationHookInput,
  ElicitationResultHookInput,
  FileChangedHookInput,
  InstructionsLoadedHookInput,
  TaskCompletedHookInput,
  TaskCreatedHookInput,
  TaskEventFields,
  TeammateIdleHookInput,
  WorktreeCreateHookInput,
  WorktreeRemoveHookInput,
} from './wire/hooks/environment-hook-inputs.js';
export type { HookInput } from './wire/hooks/hook-input.js';
export type { AsyncHookJSONOutput, HookJSONOutput, SyncHookJSONOutput } from './wire/hooks/hook-output.js';
export type {
  ContextHookSpecificOutput,
  CwdChangedHookSpecificOutput,
  ElicitationHookSpecificOutput,
  ElicitationResultHookSpecificOutput,
  FileChangedHookSpecificOutput,
  HookPermissionDecision,
  MessageDisplayHookSpecificOutput,
  NotificationHookSpecificOutput,
  PermissionDeniedHookSpecificOutput,
  PermissionRequestHookSpecificOutput,
  PostModelSwitchHookSpecificOutput,
  PostToolBatchHookSpecificOutput,
  PostToolUseFailureHookSpecificOutput,
  PostToolUseHookSpecificOutput,
  PreModelSwitchHookSpecificOutput,
  PreSkillShellCommandHookSpecificOutput,
  PreToolUseHookSpecificOutput,
  SessionStartHookSpecificOutput,
  SetupHookSpecificOutput,
  StopHookSpecificOutput,
  SubagentStartHookSpecificOutput,
  SubagentStopHookSpecificOutput,
  UserPromptExpansionHookSpecificOutput,
  UserPromptSubmitHookSpecificOutput,
  WorktreeCreateHookSpecificOutput,
} from './wire/hooks/hook-specific-outputs.js';
export type {
  MessageDisplayHookInput,
  ModelSwitchFacts,
  NotificationHookInput,
  PostCompactHookInput,
  PostModelSwitchHookInput,
  PreCompactHookInput,
  PreModelSwitchHookInput,
  SessionEndHookInput,
  SessionStartHookInput,
  SetupHookInput,
  StopFailureHookInput,
  StopHookInput,
  SubagentStartHookInput,
  SubagentStopHookInput,
  UserPromptExpansionHookInput,
  UserPromptSubmitHookInput,
} from './wire/hooks/session-hook-inputs.js';
export type {
  PermissionDeniedHookInput,
  PermissionRequestHookInput,
  PostToolBatchHookInput,
  PostToolBatchToolCall,
  PostToolUseFailureHookInput,
  PostToolUseHookInput,
  PreSkillShellCommandHookInput,
  PreToolUseHookInput,
} from './wire/hooks/tool-hook-inputs.js';
export type {
  McpClaudeAIProxyServerConfig,
  McpHttpServerConfig,
  McpSdkServerConfig,
  McpServerConfigForProcessTransport,
  McpServerProvenance,
  McpServerStatus,
  McpServerStatusConfig,
  McpServerToolPolicy,
  McpSetServersResult,
  McpSSEServerConfig,
  McpStdioServerConfig,
  SdkPluginConfig,
} from './wire/mcp-configs.js';
export type { SDKAssistantMessage, SDKPartialAssistantMessage } from './wire/messages/assistant-messages.js';
export type {
  SDKActiveGoalMessage,
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKRateLimitInfo,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
} from './wire/messages/event-messages.js';
export { isKnownSDKMessage, unknownSDKMessage } from './wire/messages/known-messages.js';
export type {
  ApiKeySource,
  FastModeDisabledReason,
  FastModeState,
  ModelUsage,
  NonNullableUsage,
  PermissionMode,
  SDKAssistantMessageError,
  SDKDeferredToolUse,
  SDKMcpResourceLink,
  SDKPermissionDenial,
  SDKStartupFailureReason,
  SlashCommand,
  SystemMessageFields,
  TerminalReason,
  UUID,
} from './wire/messages/message-common.js';
export type { SDKMessageOrigin } from './wire/messages/message-origin.js';
export type {
  QueuedBehind,
  ResultFields,
  SDKResultError,
  SDKResultMessage,
  SDKResultSuccess,
} from './wire/messages/result-messages.js';
export type { SDKMessage, SDKUnknownMessage } from './wire/messages/sdk-message.js';
export type { SDKSystemInitMessage, SDKSystemMessage } from './wire/messages/system-init-message.js';
export type {
  SDKElicitationCompleteMessage,
  SDKHookProgressMessage,
  SDKHookResponseMessage,
  SDKHookStartedMessage,
  SDKMemoryRecallMessage,
  SDKModelRefusalFallbackMessage,
  SDKModelRefusalNoFallbackMessage,
  SDKPermissionDeniedMessage,
  SDKPluginInstallMessage,
  SDKThinkingTokensMessage,
} from './wire/messages/system-model-messages.js';
export type {
  SDKAPIRetryMessage,
  SDKCommandsChangedMessage,
  SDKCompactBoundaryMessage,
  SDKControlRequestProgressMessage,
  SDKFilesPersistedEvent,
  SDKInformationalMessage,
  SDKLocalCommandOutputMessage,
  SDKMirrorErrorMessage,
  SDKNotificationMessage,
  SDKSessionStateChangedMessage,
  SDKSessionWritesLostMessage,
  SDKStatus,
  SDKStatusMessage,
  SDKWorkerShuttingDownMessage,
} from './wire/messages/system-session-messages.js';
export type {
  SDKBackgroundTasksChangedMessage,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
  TaskUsage,
} from './wire/messages/task-messages.js';
export type {
  ExtraUsageState,
  SDKContextUsage,
  SDKContextUsageCategory,
  SDKUsageReport,
} from './wire/messages/usage-reports.js';
export type {
  SDKUserMessage,
  SDKUserMessageReplay,
  UserMessageFields,
} from './wire/messages/user-messages.js';
export type {
  DirectoriesUpdate,
  PermissionBehavior,
  PermissionRuleValue,
  PermissionUpdate,
  PermissionUpdateDestination,
  RulesUpdate,
} from './wire/permission-updates.js';
