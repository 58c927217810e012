import {
  type ControlCancelRequest,
  type ControlRequest,
  type ControlResponse,
  controlCancelRequestSchema,
  controlRequestSchema,
  controlResponseSchema,
  type KeepAlive,
  keepAliveSchema,
  type TranscriptMirror,
  transcriptMirrorSchema,
} from './control-messages.js';
import type { SDKAssistantMessage, SDKPartialAssistantMessage } from './messages/assistant-messages.js';
import type { SDKResultError, SDKResultMessage, SDKResultSuccess } from './messages/result-messages.js';
import type { SDKSystemInitMessage } from './messages/system-init-message.js';
import type { SDKTaskNotificationMessage, SDKTaskStartedMessage } from './messages/task-messages.js';
import type { SDKUserMessage } from './messages/user-messages.js';
import {
  assistantMessageSchema,
  partialAssistantMessageSchema,
  resultErrorSchema,
  resultSuccessSchema,
  systemInitMessageSchema,
  taskNotificationMessageSchema,
  taskStartedMessageSchema,
  userMessageSchema,
} from './sdk-message-schemas.js';

/*
 * Type guards over the zod schemas. Each takes any value, never throws, and narrows only when
 * the value passes its schema.
 */

/** True for a well-formed `control_request` envelope. */
export function isControlRequest(value: unknown): value is ControlRequest {
  return controlRequestSchema.safeParse(value).success;
}

/** True for a well-formed `control_response` envelope (success or error). */
export function isControlResponse(value: unknown): value is ControlResponse {
  return controlResponseSchema.safeParse(value).success;
}

/** True for a well-formed `control_cancel_request` envelope. */
export function isControlCancelRequest(value: unknown): value is ControlCancelRequest {
  return controlCancelRequestSchema.safeParse(value).success;
}

/** True for a `keep_alive` frame. */
export function isKeepAlive(value: unknown): value is KeepAlive {
  return keepAliveSchema.safeParse(value).success;
}

/** True for a well-formed `transcript_mirror` frame. */
export function isTranscriptMirror(value: unknown): value is TranscriptMirror {
  return transcriptMirrorSchema.safeParse(value).success;
}

/** True for a `system`/`init` message with the fields of {@link SDKSystemInitMessage}. */
export function isSDKSystemInitMessage(value: unknown): value is SDKSystemInitMessage {
  return systemInitMessageSchema.safeParse(value).success;
}

/** True for a `system`/`task_started` message. */
export function isSDKTaskStartedMessage(value: unknown): value is SDKTaskStartedMessage {
  return taskStartedMessageSchema.safeParse(value).success;
}

/** True for a `system`/`task_notification` message. */
export function isSDKTaskNotificationMessage(value: unknown): value is SDKTaskNotificationMessage {
  return taskNotificationMessageSchema.safeParse(value).success;
}

/** True for an `assistant` message whose `message.content` is a block array. */
export function isSDKAssistantMessage(value: unknown): value is SDKAssistantMessage {
  return assistantMessageSchema.safeParse(value).success;
}

/** True for a `user` message. */
export function isSDKUserMessage(value: unknown): value is SDKUserMessage {
  return userMessageSchema.safeParse(value).success;
}

/** True for a `result`/`success` message. */
export function isSDKResultSuccess(value: unknown): value is SDKResultSuccess {
  return resultSuccessSchema.safeParse(value).success;
}

/** True for a `result` with a known error subtype. */
export function isSDKResultError(value: unknown): value is SDKResultError {
  return resultErrorSchema.safeParse(value).success;
}

/**
 * True for a `result` of a known subtype. A result with a subtype that ships later is not
 * matched; check `value.type === 'result'` for "the turn ended" in that case.
 */
export function isSDKResultMessage(value: unknown): value is SDKResultMessage {
  return isSDKResultSuccess(value) || isSDKResultError(value);
}

/** True for a `stream_event` message. */
export function isSDKPartialAssistantMessage(value: unknown): value is SDKPartialAssistantMessage {
  return partialAssistantMessageSchema.safeParse(value).success;
}
