/** One readable piece of a message: what a person sees of a block, whatever the renderer. */
export type MessagePart =
  /** Text a person typed (a user prompt). */
  | { kind: 'prompt'; text: string }
  /** Assistant text. */
  | { kind: 'text'; text: string }
  /** Assistant thinking. */
  | { kind: 'thinking'; text: string }
  /** A tool call: the tool's name, a one-line summary of its input, and the input itself. */
  | { kind: 'tool-call'; name: string; id: string | undefined; summary: string; input: unknown }
  /** A tool's result, `isError` when the tool failed. */
  | { kind: 'tool-result'; text: string; isError: boolean };

type Json = Record<string, unknown>;

/** Keys whose string value says best what a tool call does, most telling first. */
const SUMMARY_KEYS = ['command', 'file_path', 'path', 'pattern', 'url', 'prompt', 'description'];

/**
 * The readable parts of an SDK message or a stored session message (`{ type, message: { content } }`):
 * prompts, text, thinking, tool calls and tool results, in order. Anything else (stream events,
 * malformed content, unknown block types) has no parts.
 */
export function messageParts(message: Json): MessagePart[] {
  const type = message['type'];
  if (type !== 'user' && type !== 'assistant') return [];
  const inner = message['message'];
  if (typeof inner !== 'object' || inner === null) return [];
  const content = (inner as Json)['content'];
  if (typeof content === 'string') return content.trim() === '' ? [] : [textPart(type, content)];
  if (!Array.isArray(content)) return [];
  return content
    .filter((block): block is Json => typeof block === 'object' && block !== null)
    .flatMap((block) => blockParts(type, block));
}

function textPart(type: 'user' | 'assistant', text: string): MessagePart {
  return type === 'user' ? { kind: 'prompt', text } : { kind: 'text', text };
}

function blockParts(type: 'user' | 'assistant', block: Json): MessagePart[] {
  switch (block['type']) {
    case 'text':
      return typeof block['text'] === 'string' && block['text'] !== '' ? [textPart(type, block['text'])] : [];
    case 'thinking':
      return typeof block['thinking'] === 'string' ? [{ kind: 'thinking', text: block['thinking'] }] : [];
    case 'tool_use':
      return [
        {
          kind: 'tool-call',
          name: String(block['name']),
          id: typeof block['id'] === 'string' ? block['id'] : undefined,
          summary: describeInput(block['input']),
          input: block['input'],
        },
      ];
    case 'tool_result':
      return [
        { kind: 'tool-result', text: toolResultText(block['content']), isError: block['is_error'] === true },
      ];
    default:
      return [];
  }
}

/** The text of a tool result's content: a string as is, text parts one a line (so no search matches across two). */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null ? (part as Json)['text'] : undefined))
    .filter((t): t is string => typeof t === 'string')
    .join('\n');
}

function describeInput(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const record = input as Json;
  for (const key of SUMMARY_KEYS) {
    if (typeof record[key] === 'string') return record[key];
  }
  return JSON.stringify(input);
}

/** The searchable text of a part: what a person reads of it; for a tool call its name and the string values of its input (not the keys). */
export function partText(part: MessagePart): string {
  if (part.kind === 'tool-call') return [part.name, ...stringValues(part.input)].join('\n');
  return part.text;
}

function stringValues(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(stringValues);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringValues);
  return [];
}
