// A user's program: it talks to the Messages API with its own @anthropic-ai/sdk and hands content
// to and from @ccsdk/sdk. Typechecked by ../content-blocks.test.ts with `@anthropic-ai/sdk` mapped
// to the lowest and to the newest version of our peer range (never compiled on its own).
import type Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, MessageParam } from '@anthropic-ai/sdk/resources';
import type {
  BetaContentBlock,
  BetaContentBlockParam,
  BetaMessage,
  BetaRawMessageStreamEvent,
  BetaUsage,
} from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type {
  SDKAssistantMessage,
  SDKPartialAssistantMessage,
  SDKResultMessage,
  SDKUserMessage,
} from '@ccsdk/sdk';

/** The user's content, as their client types it, becomes a prompt. */
export function promptFrom(content: MessageParam['content']): SDKUserMessage {
  return { type: 'user', message: { role: 'user', content }, parent_tool_use_id: null };
}

/** Blocks the user built for the Messages API, passed as one prompt. */
export function promptFromBlocks(blocks: ContentBlockParam[]): SDKUserMessage {
  return promptFrom(blocks);
}

/** A whole Messages API turn of the user's client, passed as it is. */
export function promptFromTurn(turn: Anthropic.MessageParam): SDKUserMessage {
  return { type: 'user', message: turn, parent_tool_use_id: null };
}

/** What the user reads back out of a prompt is their client's content type again. */
export function contentOf(prompt: SDKUserMessage): MessageParam['content'] {
  return prompt.message.content;
}

/** The model's blocks, read with the user's client types. */
export function blocksOf(message: SDKAssistantMessage): BetaContentBlock[] {
  return message.message.content;
}

/** The model's blocks, sent back to the Messages API in the user's next beta request. */
export function replayed(message: SDKAssistantMessage): BetaContentBlockParam[] {
  return message.message.content;
}

/** The whole API message, both ways. */
export function apiMessage(message: SDKAssistantMessage): BetaMessage {
  return message.message;
}

/** A message the user's client returned, in the place of ours. */
export function intoAssistant(message: BetaMessage, of: SDKAssistantMessage): SDKAssistantMessage {
  return { ...of, message };
}

/** Usage of one call and of the whole run, as the user's client types usage. */
export function usages(message: SDKAssistantMessage, result: SDKResultMessage): BetaUsage[] {
  return [message.message.usage, result.usage];
}

/** One streaming event, as the user's client types it. */
export function streamEvent(event: SDKPartialAssistantMessage): BetaRawMessageStreamEvent {
  return event.event;
}
