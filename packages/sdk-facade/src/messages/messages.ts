/**
 * The SDK message types and their guards, defined once in `@ccsdk/control-protocol` and
 * re-exported here so an app imports everything from `@ccsdk/sdk`. Because unknown message types
 * pass through (forward compatibility), narrow with the guards rather than `message.type === ...`.
 */
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
} from '@ccsdk/control-protocol';
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
} from '@ccsdk/control-protocol';
