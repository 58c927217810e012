import type { Block } from './blocks.js';
import { randomId, randomSignature } from './ids.js';
import { CHARS_PER_TOKEN } from './limits.js';
import type { ContentReply } from './reply.js';

/** A text block as the API sends it. */
export interface ApiTextBlock {
  type: 'text';
  text: string;
}

/** A thinking block as the API sends it (always signed). */
export interface ApiThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** A tool_use block as the API sends it (always with an id). */
export interface ApiToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** One content block of an {@link ApiMessage}. */
export type ApiContentBlock = ApiTextBlock | ApiThinkingBlock | ApiToolUseBlock;

/** Token usage as the API reports it. */
export interface ApiUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** The assistant message the fake answers with: the non-streaming body, and what the SSE events rebuild. */
export interface ApiMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ApiContentBlock[];
  stop_reason: string;
  stop_sequence: null;
  usage: ApiUsage;
}

/**
 * Turns a scripted reply into the full API message: fills `msg_`/`toolu_` ids and thinking
 * signatures, the default stop reason and estimated usage. Every message gets a fresh id (the
 * CLI merges consecutive assistant messages that share one). Throws when a tool input cannot be
 * serialized as JSON.
 */
export function resolveMessage(
  reply: ContentReply,
  context: { model: string; inputTokens: number },
): ApiMessage {
  const content = reply.content.map(resolveBlock);
  const stopReason =
    reply.stopReason ?? (content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn');
  const usage: ApiUsage = {
    input_tokens: reply.usage?.input_tokens ?? context.inputTokens,
    output_tokens: reply.usage?.output_tokens ?? estimateOutputTokens(content),
    cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
  };
  return {
    id: randomId('msg_'),
    type: 'message',
    role: 'assistant',
    model: reply.model ?? context.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

function resolveBlock(block: Block): ApiContentBlock {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'thinking') {
    return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? randomSignature() };
  }
  return {
    type: 'tool_use',
    id: block.id ?? randomId('toolu_'),
    name: block.name,
    input: JSON.parse(JSON.stringify(block.input)) as Record<string, unknown>,
  };
}

function estimateOutputTokens(content: readonly ApiContentBlock[]): number {
  let chars = 0;
  for (const block of content) {
    if (block.type === 'text') chars += block.text.length;
    else if (block.type === 'thinking') chars += block.thinking.length;
    else chars += JSON.stringify(block.input).length + block.name.length;
  }
  return Math.max(1, Math.ceil(chars / CHARS_PER_TOKEN));
}
