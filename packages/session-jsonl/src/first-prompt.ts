import { FIRST_PROMPT_MAX_CHARS } from './limits.js';

/** What one user entry contributes to the first prompt. */
export interface FirstPromptFinding {
  /** A usable prompt: the first one found is the session's first prompt. */
  readonly prompt?: string;
  /** A slash command seen before any prompt (`/help`), the fallback when no prompt follows. */
  readonly command?: string;
}

const COMMAND_NAME = /<command-name>([\s\S]*?)<\/command-name>/;
const SKIPPED_PREFIXES = [
  '<local-command-stdout>',
  '<session-start-hook>',
  '<tick>',
  '<goal>',
  '[Request interrupted by user',
];
const SKIPPED_WHOLE = [
  /^<ide_opened_file>[\s\S]*<\/ide_opened_file>$/,
  /^<ide_selection>[\s\S]*<\/ide_selection>$/,
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function textsOf(content: unknown): string[] | undefined {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  const texts: string[] = [];
  for (const block of content) {
    if (!isRecord(block)) continue;
    if (block['type'] === 'tool_result') return undefined;
    if (block['type'] === 'text' && typeof block['text'] === 'string') texts.push(block['text']);
  }
  return texts;
}

/** Cuts a prompt to {@link FIRST_PROMPT_MAX_CHARS} without splitting a surrogate pair, adding `…`. */
export function truncatePrompt(text: string): string {
  if (text.length <= FIRST_PROMPT_MAX_CHARS) return text;
  let cut = FIRST_PROMPT_MAX_CHARS;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/**
 * The first-prompt contribution of one transcript entry. Only `user` entries that are not meta,
 * not compaction summaries and carry no tool result count. Each text is flattened to one line
 * and trimmed; slash-command wrappers, command output, hook and IDE context blocks and
 * interruption notices are skipped.
 */
export function findFirstPrompt(entry: Readonly<Record<string, unknown>>): FirstPromptFinding | undefined {
  if (entry['type'] !== 'user' || entry['isMeta'] === true || entry['isCompactSummary'] === true)
    return undefined;
  const message = entry['message'];
  if (!isRecord(message)) return undefined;
  const texts = textsOf(message['content']);
  if (texts === undefined) return undefined;
  let command: string | undefined;
  for (const raw of texts) {
    const text = raw.replace(/\r\n|\r|\n/g, ' ').trim();
    if (text === '') continue;
    const commandName = COMMAND_NAME.exec(text);
    if (commandName !== null) {
      const name = commandName[1]!.trim();
      if (command === undefined && name !== '') command = name;
      continue;
    }
    if (SKIPPED_PREFIXES.some((prefix) => text.startsWith(prefix))) continue;
    if (SKIPPED_WHOLE.some((pattern) => pattern.test(text))) continue;
    return { prompt: truncatePrompt(text), ...(command === undefined ? {} : { command }) };
  }
  return command === undefined ? undefined : { command };
}
