import { text, thinking, toolUse } from './blocks.js';
import type { RecordedMessagesRequest, RecordedToolResult } from './recorded-request.js';
import type { ContentReply } from './reply.js';
import type { ScriptFunction } from './script-player.js';

/** How many lines of the listing the demo's final answer quotes. */
export const DEMO_LISTING_LINES = 5;

/** Prefix of the demo's tool_use ids, so it recognizes its own tool results. */
export const DEMO_TOOL_ID_PREFIX = 'toolu_demo_';

/** What the CLI's Bash tool returns for a command that printed nothing. */
const NO_OUTPUT_MARKER = '(Bash completed with no output)';

/** The read-only command the demo runs (allowed without asking in the default permission mode). */
export const DEMO_COMMAND = 'ls';

/**
 * The embedded scripted model of the `ccsdk` demo (used when no API key is set). For a prompt
 * it answers with a short thinking block, a text, and a `Bash` tool_use running `ls`; after the
 * tool_result it answers with a text that quotes the first {@link DEMO_LISTING_LINES} lines of
 * the listing (or the error, if the tool failed or was denied). Without a Bash tool on offer it
 * just answers in text. Deterministic: the same request gets the same reply, tool ids included.
 */
export function createDemoScript(): ScriptFunction {
  return (request) => {
    const result = request.toolResults.find((entry) => entry.toolUseId.startsWith(DEMO_TOOL_ID_PREFIX));
    if (result !== undefined) return finalAnswer(result);
    const prompt = request.lastUserText.trim();
    if (request.toolResults.length > 0 || prompt.length === 0) {
      return { content: [text('Done. (This is the ccsdk demo model; it only knows how to list a folder.)')] };
    }
    if (!request.toolNames.includes('Bash')) {
      return {
        content: [
          text(
            `You said: "${clip(prompt)}". The demo model lists the folder only when the Bash tool is on offer.`,
          ),
        ],
      };
    }
    return {
      content: [
        thinking(
          `The user asked: "${clip(prompt)}". Listing the current folder shows something real, so I will run ${DEMO_COMMAND}.`,
        ),
        text(`Hello! I am the ccsdk demo model. Let me list this folder with \`${DEMO_COMMAND}\`.`),
        toolUse(
          'Bash',
          { command: DEMO_COMMAND, description: 'List the files in the current folder' },
          toolId(request, prompt),
        ),
      ],
    };
  };
}

function finalAnswer(result: RecordedToolResult): ContentReply {
  const output = result.text.trim() === NO_OUTPUT_MARKER ? '' : result.text;
  const lines = output.split('\n').filter((line) => line.trim().length > 0);
  if (result.isError) {
    return {
      content: [text(`I could not list the folder: ${clip(lines[0] ?? 'the tool reported an error')}`)],
    };
  }
  if (lines.length === 0) return { content: [text('The folder is empty.')] };
  const shown = lines.slice(0, DEMO_LISTING_LINES).map((line) => `- ${line}`);
  const more = lines.length > DEMO_LISTING_LINES ? `\n(and ${lines.length - DEMO_LISTING_LINES} more)` : '';
  const entries = lines.length === 1 ? '1 entry' : `${lines.length} entries`;
  return {
    content: [text(`The folder holds ${entries}. The listing starts with:\n${shown.join('\n')}${more}`)],
  };
}

/** A deterministic tool id from the prompt and the conversation length (FNV-1a, 32 bit). */
function toolId(request: RecordedMessagesRequest, prompt: string): string {
  let hash = 0x811c9dc5;
  for (const char of `${request.messages.length}\u0000${prompt}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${DEMO_TOOL_ID_PREFIX}${hash.toString(16).padStart(8, '0')}`;
}

function clip(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
