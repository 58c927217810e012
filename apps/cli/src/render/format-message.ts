import { type MessagePart, messageParts } from './message-parts.js';
import { NO_PAINT, type Paint } from './paint.js';

/** How much of a tool's input or output one rendered line shows. */
export const PREVIEW_CHARS = 120;

/** What a subagent's lines start with, so they read as nested under the Agent call that spawned them. */
export const SUBAGENT_MARK = '  ┃ ';

type Json = Record<string, unknown>;

/**
 * Renders one SDK message (live from `query()`, or stored, from `getSessionMessages()`) as the
 * lines a person reads in a terminal: prompts as `❯ prompt`, assistant text as is, tool calls as
 * `→ Tool(input)`, tool results as `← output` (`✗` when the tool failed), the result with cost
 * and duration. Every line of a subagent's messages (those with a `parent_tool_use_id`) starts
 * with {@link SUBAGENT_MARK}. Messages a person does not need (stream events, status updates) render
 * as no lines. `paint` colours the markers; the default paints nothing.
 */
export function formatMessage(message: Json, paint: Paint = NO_PAINT): string[] {
  const lines = linesOf(message, paint);
  const parent = message['parent_tool_use_id'];
  if (typeof parent !== 'string' || parent === '') return lines;
  return lines.flatMap((line) => line.split('\n')).map((line) => `${paint.dim(SUBAGENT_MARK)}${line}`);
}

function linesOf(message: Json, paint: Paint): string[] {
  switch (message['type']) {
    case 'system':
      return message['subtype'] === 'init' ? [formatInit(message)] : [];
    case 'assistant':
    case 'user':
      return messageParts(message).map((part) => formatPart(part, paint));
    case 'result':
      return [formatResult(message)];
    default:
      return [];
  }
}

/** One part as one terminal line (prompts and assistant text keep their own line breaks). */
export function formatPart(part: MessagePart, paint: Paint = NO_PAINT): string {
  switch (part.kind) {
    case 'prompt':
      return `${paint.bold('❯')} ${part.text}`;
    case 'text':
      return part.text;
    case 'thinking':
      return paint.dim(`✻ ${preview(part.text)}`);
    case 'tool-call':
      return `${paint.cyan('→')} ${part.name}(${preview(part.summary)})`;
    case 'tool-result':
      return part.isError
        ? `${paint.red('✗')} ${preview(part.text)}`
        : `${paint.dim('←')} ${preview(part.text)}`;
  }
}

function formatInit(message: Json): string {
  return `● session ${String(message['session_id'])} · model ${String(message['model'])} · ${String(message['cwd'])}`;
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

/** `text` on one line, cut to {@link PREVIEW_CHARS} with an ellipsis. */
export function preview(text: string, chars = PREVIEW_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > chars ? `${oneLine.slice(0, chars - 1)}…` : oneLine;
}
