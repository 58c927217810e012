import type { z } from 'zod';
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
import type { SDKMessage } from './messages/sdk-message.js';

/**
 * What one value read from the wire is. `sdk_message` values are not validated (use the
 * `isSDK*` guards before reading member fields); control frames are, and a control frame that
 * fails its schema is `malformed` with a `reason`.
 */
export type WireMessageClass =
  | { readonly kind: 'control_request'; readonly message: ControlRequest }
  | { readonly kind: 'control_response'; readonly message: ControlResponse }
  | { readonly kind: 'control_cancel_request'; readonly message: ControlCancelRequest }
  | { readonly kind: 'keep_alive'; readonly message: KeepAlive }
  | { readonly kind: 'transcript_mirror'; readonly message: TranscriptMirror }
  | { readonly kind: 'sdk_message'; readonly message: SDKMessage }
  | { readonly kind: 'malformed'; readonly message: unknown; readonly reason: string };

/** The `type` values that are frames of the wire itself rather than SDK messages. */
const FRAME_SCHEMAS = {
  control_request: controlRequestSchema,
  control_response: controlResponseSchema,
  control_cancel_request: controlCancelRequestSchema,
  keep_alive: keepAliveSchema,
  transcript_mirror: transcriptMirrorSchema,
} as const;

type FrameType = keyof typeof FRAME_SCHEMAS;

function isFrameType(type: string): type is FrameType {
  return Object.hasOwn(FRAME_SCHEMAS, type);
}

/** One line summary of a zod failure, e.g. `request_id: expected string, received undefined`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * Sorts one decoded wire value into control frames, SDK messages and malformed input.
 * Never throws; the value is returned untouched (zod only checks it).
 */
export function classifyWireMessage(value: unknown): WireMessageClass {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'malformed', message: value, reason: 'not a JSON object' };
  }
  const type: unknown = (value as { type?: unknown }).type;
  if (typeof type !== 'string') {
    return { kind: 'malformed', message: value, reason: 'no string "type" field' };
  }
  if (!isFrameType(type)) return { kind: 'sdk_message', message: value as SDKMessage };
  const parsed = FRAME_SCHEMAS[type].safeParse(value);
  if (!parsed.success) {
    return { kind: 'malformed', message: value, reason: `${type}: ${describeIssues(parsed.error)}` };
  }
  return { kind: type, message: value } as WireMessageClass;
}
