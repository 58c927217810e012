/** How much of a tool's input or output one rendered line shows. */
export const PREVIEW_CHARS = 120;

type Json = Record<string, unknown>;

/**
 * Renders one SDK message as the lines a person reads in a terminal: assistant text as is, tool
 * calls as `→ Tool(input)`, tool results as `← output`, and the result with cost and duration.
 * Messages a person does not need (stream events, status updates) render as no lines.
 */
export function formatMessage(message: Json): string[] {
  switch (message['type']) {
    case 'system':
      return message['subtype'] === 'init' ? [formatInit(message)] : [];
    case 'assistant':
      return contentOf(message).flatMap(formatAssistantBlock);
    case 'user':
      return contentOf(message).flatMap(formatToolResult);
    case 'result':
      return [formatResult(message)];
    default:
      return [];
  }
}

function formatInit(message: Json): string {
  return `● session ${String(message['session_id'])} · model ${String(message['model'])} · ${String(message['cwd'])}`;
}

function formatAssistantBlock(block: Json): string[] {
  if (block['type'] === 'text') return [String(block['text'])];
  if (block['type'] === 'thinking') return [`✻ ${preview(String(block['thinking']))}`];
  if (block['type'] === 'tool_use')
    return [`→ ${String(block['name'])}(${preview(describeInput(block['input']))})`];
  return [];
}

function formatToolResult(block: Json): string[] {
  if (block['type'] !== 'tool_result') return [];
  const text = toolResultText(block['content']);
  const marker = block['is_error'] === true ? '✗' : '←';
  return [`${marker} ${preview(text)}`];
}

function formatResult(message: Json): string {
  const seconds =
    typeof message['duration_ms'] === 'number' ? (message['duration_ms'] / 1000).toFixed(1) : '?';
  const cost =
    typeof message['total_cost_usd'] === 'number' ? `$${message['total_cost_usd'].toFixed(4)}` : '$?';
  const turns = String(message['num_turns'] ?? '?');
  const head = message['is_error'] === true ? `✗ ${String(message['subtype'])}` : '✓ done';
  return `${head} in ${seconds}s · ${turns} turns · ${cost}`;
}

function contentOf(message: Json): Json[] {
  const inner = message['message'];
  if (typeof inner !== 'object' || inner === null) return [];
  const content = (inner as Json)['content'];
  return Array.isArray(content) ? content.filter((b): b is Json => typeof b === 'object' && b !== null) : [];
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null ? (part as Json)['text'] : undefined))
    .filter((t): t is string => typeof t === 'string')
    .join(' ');
}

function describeInput(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const record = input as Json;
  for (const key of ['command', 'file_path', 'path', 'pattern', 'url', 'prompt']) {
    if (typeof record[key] === 'string') return record[key];
  }
  return JSON.stringify(input);
}

function preview(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > PREVIEW_CHARS ? `${oneLine.slice(0, PREVIEW_CHARS - 1)}…` : oneLine;
}
