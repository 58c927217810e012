import { z } from 'zod';

/** A text block of an assistant or user message. */
export type TextBlock = {
  type: 'text';
  text: string;
};

/** A thinking block of an assistant message; `signature` lets the API verify it on replay. */
export type ThinkingBlock = {
  type: 'thinking';
  thinking: string;
  signature?: string;
};

/** The model asks to run tool `name` with `input`; `id` is echoed by the matching tool_result. */
export type ToolUseBlock = {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
};

/** The outcome of the tool_use whose id is `tool_use_id`, inside a user message. */
export type ToolResultBlock = {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | ContentBlock[];
  is_error?: boolean;
};

/**
 * Any other block (image, document, redacted_thinking, server tool blocks, or a type that
 * ships later). It passes through untouched.
 */
export type UnknownContentBlock = {
  type: string;
  [key: string]: unknown;
};

/**
 * One content block, loosely typed: what the guards {@link isTextBlock}, {@link isThinkingBlock},
 * {@link isToolUseBlock} and {@link isToolResultBlock} check at run time. The messages
 * themselves carry the Messages API's block types, which narrow on `block.type`; the guards
 * also validate the fields, and keep the type they were given (`blocks.filter(isTextBlock)` on
 * API blocks yields API text blocks).
 */
export type ContentBlock = TextBlock | ThinkingBlock | ToolUseBlock | ToolResultBlock | UnknownContentBlock;

const textBlockSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
const thinkingBlockSchema = z.looseObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().optional(),
});
const toolUseBlockSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
});
const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]).optional(),
  is_error: z.boolean().optional(),
});

/** Schema of any content block: an object with a string `type`. */
export const contentBlockSchema = z.looseObject({ type: z.string() });

/** True when `value` is a well-formed {@link TextBlock}. Never throws. */
export function isTextBlock<T>(value: T): value is T & TextBlock {
  return textBlockSchema.safeParse(value).success;
}

/** True when `value` is a well-formed {@link ThinkingBlock}. Never throws. */
export function isThinkingBlock<T>(value: T): value is T & ThinkingBlock {
  return thinkingBlockSchema.safeParse(value).success;
}

/** True when `value` is a well-formed {@link ToolUseBlock}. Never throws. */
export function isToolUseBlock<T>(value: T): value is T & ToolUseBlock {
  return toolUseBlockSchema.safeParse(value).success;
}

/** True when `value` is a well-formed {@link ToolResultBlock}. Never throws. */
export function isToolResultBlock<T>(value: T): value is T & ToolResultBlock {
  return toolResultBlockSchema.safeParse(value).success;
}
