import type { RecordedToolResult } from './recorded-request.js';

const SYSTEM_REMINDER = '<system-reminder>';

/** The helper fields of a recorded Messages request, derived from its parsed body. */
export interface MessagesBodyView {
  model: string | undefined;
  stream: boolean;
  maxTokens: number | undefined;
  messages: readonly unknown[];
  hasTools: boolean;
  toolNames: readonly string[];
  systemText: string;
  lastUserText: string;
  toolResults: readonly RecordedToolResult[];
}

/** Derives the helper fields from a body of any shape; missing or odd fields give empty values. */
export function viewMessagesBody(body: unknown): MessagesBodyView {
  const record = isRecord(body) ? body : {};
  const messages = Array.isArray(record['messages']) ? (record['messages'] as unknown[]) : [];
  const tools = Array.isArray(record['tools']) ? (record['tools'] as unknown[]) : [];
  const lastUser = findLastUserMessage(messages);
  return {
    model: typeof record['model'] === 'string' ? record['model'] : undefined,
    stream: record['stream'] === true,
    maxTokens: typeof record['max_tokens'] === 'number' ? record['max_tokens'] : undefined,
    messages,
    hasTools: tools.length > 0,
    toolNames: tools.flatMap((tool) =>
      isRecord(tool) && typeof tool['name'] === 'string' ? [tool['name']] : [],
    ),
    systemText: textOf(record['system'], false),
    lastUserText: lastUser === undefined ? '' : textOf(lastUser['content'], true),
    toolResults: lastUser === undefined ? [] : toolResultsOf(lastUser['content']),
  };
}

function findLastUserMessage(messages: readonly unknown[]): Record<string, unknown> | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (isRecord(message) && message['role'] === 'user') return message;
  }
  return undefined;
}

function textOf(content: unknown, skipReminders: boolean): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const block of content) {
    if (!isRecord(block) || block['type'] !== 'text' || typeof block['text'] !== 'string') continue;
    if (skipReminders && block['text'].trimStart().startsWith(SYSTEM_REMINDER)) continue;
    texts.push(block['text']);
  }
  return texts.join('\n');
}

function toolResultsOf(content: unknown): RecordedToolResult[] {
  if (!Array.isArray(content)) return [];
  const results: RecordedToolResult[] = [];
  for (const block of content) {
    if (!isRecord(block) || block['type'] !== 'tool_result') continue;
    results.push({
      toolUseId: typeof block['tool_use_id'] === 'string' ? block['tool_use_id'] : '',
      isError: block['is_error'] === true,
      text: textOf(block['content'], false),
      content: block['content'],
    });
  }
  return results;
}

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
