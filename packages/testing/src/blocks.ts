/** A text block of a scripted reply. */
export interface TextBlock {
  readonly type: 'text';
  readonly text: string;
}

/**
 * A thinking block of a scripted reply. `signature` is generated when absent; the CLI sends
 * it back unchanged on the next turn and never checks it.
 */
export interface ThinkingBlock {
  readonly type: 'thinking';
  readonly thinking: string;
  readonly signature?: string;
}

/**
 * A tool call of a scripted reply. `id` is generated (`toolu_...`) when absent; give one when a
 * test needs to match the tool_result that comes back.
 */
export interface ToolUseBlock {
  readonly type: 'tool_use';
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
  readonly id?: string;
}

/** One content block of a scripted reply. */
export type Block = TextBlock | ThinkingBlock | ToolUseBlock;

/** Builds a text block. */
export function text(value: string): TextBlock {
  if (typeof value !== 'string') throw new TypeError(`text() expects a string, got ${describe(value)}`);
  return { type: 'text', text: value };
}

/** Builds a thinking block; the signature is generated at reply time unless given. */
export function thinking(value: string, signature?: string): ThinkingBlock {
  if (typeof value !== 'string') throw new TypeError(`thinking() expects a string, got ${describe(value)}`);
  if (signature !== undefined && typeof signature !== 'string') {
    throw new TypeError(`thinking() expects a string signature, got ${describe(signature)}`);
  }
  return signature === undefined
    ? { type: 'thinking', thinking: value }
    : { type: 'thinking', thinking: value, signature };
}

/**
 * Builds a tool call. `input` must be a plain JSON object (the API never sends anything else);
 * `id` is generated (`toolu_...`) when absent.
 */
export function toolUse(name: string, input: Record<string, unknown> = {}, id?: string): ToolUseBlock {
  if (typeof name !== 'string' || name.length === 0) {
    throw new TypeError(`toolUse() expects a non-empty tool name, got ${describe(name)}`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new TypeError(`toolUse() expects an input object, got ${describe(input)}`);
  }
  if (id !== undefined && (typeof id !== 'string' || id.length === 0)) {
    throw new TypeError(`toolUse() expects a non-empty string id, got ${describe(id)}`);
  }
  return id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', name, input, id };
}

/** Renders a value for an error message, short and quoted. */
export function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}...` : value);
  if (typeof value === 'function') return 'a function';
  try {
    const json = JSON.stringify(value);
    if (json === undefined) return String(value);
    return json.length > 120 ? `${json.slice(0, 120)}...` : json;
  } catch {
    return String(value);
  }
}
