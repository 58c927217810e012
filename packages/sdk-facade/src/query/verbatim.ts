import type { SDKUserMessage } from '@ccsdk/control-protocol';

/**
 * The message as written to the CLI: with `verbatimPrompts`, marked `client_composed: true` so
 * the CLI takes its text literally (no `@file` expansion, no slash commands).
 */
export function outgoingUserMessage(
  message: SDKUserMessage,
  verbatimPrompts: boolean | undefined,
): SDKUserMessage {
  // Any truthy value, as the official SDK reads it.
  if (!verbatimPrompts) return message;
  return { ...message, client_composed: true } as SDKUserMessage;
}
