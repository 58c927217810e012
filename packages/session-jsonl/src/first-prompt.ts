import { FIRST_PROMPT_MAX_CHARS } from './limits.js';

/** What one user entry contributes to the first prompt. */
export interface FirstPromptFinding {
  /** A usable prompt: the first one found is the session's first prompt. */
  readonly prompt?: string;
  /** A slash command seen before any prompt (`/help`), the fallback when no prompt follows. */
  readonly command?: string;
  /** `Image` or `Document` for an entry whose prompt is only such blocks: the last fallback. */
  readonly media?: MediaPrompt;
}

/** What a prompt made only of image or document blocks is shown as. */
export type MediaPrompt = 'Image' | 'Document';

const MEDIA_BLOCKS: Readonly<Record<string, MediaPrompt>> = { image: 'Image', document: 'Document' };

const COMMAND_NAME = /<command-name>([\s\S]*?)<\/command-name>/;
const BASH_INPUT = /^<bash-input>([\s\S]*?)<\/bash-input>/;
/** Text that opens with a lower-case tag is context the CLI added (hook output, reminders, IDE state), not a prompt. */
const STARTS_WITH_TAG = /^\s*<[a-z][\w-]*[\s>]/;
const INTERRUPTED = '[Request interrupted by user';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface PromptBlocks {
  readonly texts: string[];
  readonly media: MediaPrompt | undefined;
}

function blocksOf(content: unknown): PromptBlocks | undefined {
  if (typeof content === 'string') return { texts: [content], media: undefined };
  if (!Array.isArray(content)) return { texts: [], media: undefined };
  const texts: string[] = [];
  let media: MediaPrompt | undefined;
  for (const block of content) {
    if (!isRecord(block)) continue;
    const type = block['type'];
    if (type === 'tool_result') return undefined;
    if (type === 'text' && typeof block['text'] === 'string') texts.push(block['text']);
    // An image anywhere makes the entry an `Image` one, a document one only without an image.
    else if (typeof type === 'string' && MEDIA_BLOCKS[type] !== undefined)
      media = media === 'Image' ? media : MEDIA_BLOCKS[type];
  }
  return { texts, media };
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
 * The first-prompt contribution of one transcript entry. Only `user` entries that are not meta
 * and carry no tool result count; of a compaction summary, only its images or documents (as the
 * official SDK counts them). Each text is flattened to one line (every line feed becomes one
 * space; a carriage return stays, as the official keeps it) and trimmed; a `<bash-input>` command
 * reads as `! <command>`;
 * slash-command wrappers, any other text that opens with a lower-case tag (command output, hook,
 * reminder and IDE context) and interruption notices are skipped. An entry whose only blocks are
 * images or documents yields `media` (`Image`, `Document`), the fallback when no prompt is found.
 */
export function findFirstPrompt(entry: Readonly<Record<string, unknown>>): FirstPromptFinding | undefined {
  if (entry['type'] !== 'user' || entry['isMeta'] === true) return undefined;
  const message = entry['message'];
  if (!isRecord(message)) return undefined;
  const blocks = blocksOf(message['content']);
  if (blocks === undefined) return undefined;
  if (entry['isCompactSummary'] === true)
    return blocks.media === undefined ? undefined : { media: blocks.media };
  let command: string | undefined;
  for (const raw of blocks.texts) {
    const text = raw.replace(/\n/g, ' ').trim();
    if (text === '') continue;
    const bashInput = BASH_INPUT.exec(text);
    if (bashInput !== null) {
      // An empty command still reads as `! `, as the official shows it.
      const line = bashInput[1]!.trim();
      return withCommand({ prompt: truncatePrompt(`! ${line}`) }, command);
    }
    const commandName = COMMAND_NAME.exec(text);
    if (commandName !== null) {
      const name = commandName[1]!.trim();
      if (command === undefined && name !== '') command = name;
      continue;
    }
    if (STARTS_WITH_TAG.test(text) || text.startsWith(INTERRUPTED)) continue;
    return withCommand({ prompt: truncatePrompt(text) }, command);
  }
  if (command !== undefined) return { command };
  return blocks.media === undefined ? undefined : { media: blocks.media };
}

function withCommand(finding: { prompt: string }, command: string | undefined): FirstPromptFinding {
  return command === undefined ? finding : { ...finding, command };
}
