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
  BAD_LINE_PREVIEW_CHARS,
  DEFAULT_CONTROL_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_LINE_BYTES,
  MAX_TIMEOUT_MS,
} from './limits.js';
export type { LineSplitterOptions } from './line-splitter.js';
export { LineSplitter } from './line-splitter.js';
export type { Transport, TransportCloseInfo } from './transport.js';
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
  SDKAPIAssistantMessage,
  SDKAssistantMessage,
  SDKCompactBoundaryMessage,
  SDKKnownMessage,
  SDKMcpServerState,
  SDKMessage,
  SDKMirrorErrorMessage,
  SDKPartialAssistantMessage,
  SDKPermissionDenial,
  SDKResultBase,
  SDKResultError,
  SDKResultErrorSubtype,
  SDKResultMessage,
  SDKResultSuccess,
  SDKSystemInitMessage,
  SDKTaskNotificationMessage,
  SDKTaskStartedMessage,
  SDKUnknownMessage,
  SDKUsage,
  SDKUserMessage,
} from './wire/sdk-messages.js';
