import type { SDKAssistantMessage, SDKPartialAssistantMessage } from './assistant-messages.js';
import type {
  SDKAuthStatusMessage,
  SDKConversationResetMessage,
  SDKPromptSuggestionMessage,
  SDKRateLimitEvent,
  SDKToolProgressMessage,
  SDKToolUseSummaryMessage,
} from './event-messages.js';
import type { SDKResultMessage } from './result-messages.js';
import type { SDKSystemMessage } from './system-init-message.js';
import type {
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
} from './system-model-messages.js';
import type {
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
  SDKStatusMessage,
  SDKWorkerShuttingDownMessage,
} from './system-session-messages.js';
import type {
  SDKBackgroundTasksChangedMessage,
  SDKTaskNotificationMessage,
  SDKTaskProgressMessage,
  SDKTaskStartedMessage,
  SDKTaskUpdatedMessage,
} from './task-messages.js';
import type { SDKUserMessage, SDKUserMessageReplay } from './user-messages.js';

/**
 * One SDK message from the CLI: a closed union of the 40 kinds CLI 2.1.332 writes, so
 * `m.type === 'result'` and `m.type === 'system' && m.subtype === 'api_retry'` narrow as they do
 * with the official types.
 *
 * Forward compatibility: a message of a type or subtype a later CLI adds is still delivered at
 * run time, typed as this union although it is none of its members (a catch-all member would
 * stop `type` from narrowing). In a `switch` its `default` branch sees `never`. To handle such
 * messages, test {@link isKnownSDKMessage} first and treat the rest as {@link SDKUnknownMessage}.
 */
export type SDKMessage =
  | SDKAssistantMessage
  | SDKUserMessage
  | SDKUserMessageReplay
  | SDKResultMessage
  | SDKSystemMessage
  | SDKPartialAssistantMessage
  | SDKCompactBoundaryMessage
  | SDKStatusMessage
  | SDKAPIRetryMessage
  | SDKControlRequestProgressMessage
  | SDKModelRefusalFallbackMessage
  | SDKModelRefusalNoFallbackMessage
  | SDKLocalCommandOutputMessage
  | SDKHookStartedMessage
  | SDKHookProgressMessage
  | SDKHookResponseMessage
  | SDKPluginInstallMessage
  | SDKToolProgressMessage
  | SDKAuthStatusMessage
  | SDKTaskNotificationMessage
  | SDKTaskStartedMessage
  | SDKTaskUpdatedMessage
  | SDKTaskProgressMessage
  | SDKBackgroundTasksChangedMessage
  | SDKThinkingTokensMessage
  | SDKSessionStateChangedMessage
  | SDKWorkerShuttingDownMessage
  | SDKCommandsChangedMessage
  | SDKNotificationMessage
  | SDKFilesPersistedEvent
  | SDKToolUseSummaryMessage
  | SDKMemoryRecallMessage
  | SDKRateLimitEvent
  | SDKElicitationCompleteMessage
  | SDKPermissionDeniedMessage
  | SDKPromptSuggestionMessage
  | SDKMirrorErrorMessage
  | SDKInformationalMessage
  | SDKConversationResetMessage
  | SDKSessionWritesLostMessage;

/**
 * A message whose `type` (or, for `system` and `result`, `subtype`) is none of
 * {@link SDKMessage}'s: what a newer CLI may send. Outside the union on purpose; reach it
 * through {@link isKnownSDKMessage}. Its fields are as the CLI wrote them.
 */
export type SDKUnknownMessage = {
  type: string;
  subtype?: string;
  [key: string]: unknown;
};
