import type { z } from 'zod';
import type {
  ControlCancelRequest,
  ControlRequest,
  ControlResponse,
  KeepAlive,
  TranscriptMirror,
} from './control-messages.js';
import { FRAME_CHECKS, isRecord } from './frame-checks.js';
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

/** One line summary of a zod failure, e.g. `request_id: expected string, received undefined`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

/**
 * Sorts one decoded wire value into control frames, SDK messages and malformed input.
 * Never throws; the value is returned untouched. Control frames are checked by the hand-written
 * checks of `frame-checks.ts` (the rules of the zod schemas in `control-messages.ts`), so this
 * path needs no validation library.
 */
export function classifyWireMessage(value: unknown): WireMessageClass {
  if (!isRecord(value)) {
    return { kind: 'malformed', message: value, reason: 'not a JSON object' };
  }
  const type: unknown = (value as { type?: unknown }).type;
  if (typeof type !== 'string') {
    return { kind: 'malformed', message: value, reason: 'no string "type" field' };
  }
  const check = Object.hasOwn(FRAME_CHECKS, type) ? FRAME_CHECKS[type] : undefined;
  if (check === undefined) return { kind: 'sdk_message', message: value as unknown as SDKMessage };
  const issue = check(value);
  if (issue !== undefined) return { kind: 'malformed', message: value, reason: `${type}: ${issue}` };
  return { kind: type, message: value } as WireMessageClass;
}
