import type { ChainNode } from './conversation-chain.js';

/**
 * Local commands in a conversation: a slash command the person ran in the CLI itself (`/cost`,
 * `/compact`, `/model`), which the CLI records as a hidden caveat entry, the command's own user
 * entry and the entries of its output. `getSessionMessages` marks the command and its output
 * `isCompletedLocalCommand`, as the official SDK does, so a viewer can show them as a command run
 * rather than as prompts. The rule, observed on the official SDK 0.3.332:
 *
 * - A meta user entry whose text opens with {@link CAVEAT_TAG} announces a command.
 * - The next user entry that is not meta is the command when its text opens with
 *   {@link COMMAND_TAG}; it is marked, and so is each user entry right after it (meta ones aside)
 *   whose text opens with an {@link OUTPUT_TAGS} tag. A caveat inside a run of output announces
 *   the next command and keeps the run going.
 * - Any other user entry that is not meta, and any assistant entry, ends the run. Other entries
 *   (system, attachment, progress, meta users that are not a caveat) leave it as it is.
 *
 * "Text" is a string `content`, or the text of the last `text` block of an array `content`.
 */

/** Opens the text of the hidden entry the CLI writes before a local command. */
export const CAVEAT_TAG = '<local-command-caveat>';
/** Opens the text of a local command's own entry. */
export const COMMAND_TAG = '<command-name>';
/** Open the text of a local command's output entries. */
export const OUTPUT_TAGS: readonly string[] = ['<local-command-stdout>', '<local-command-stderr>'];

/** What a caveat entry is asked for. */
const CAVEAT_TAGS: readonly string[] = [CAVEAT_TAG];
/** What a user entry after a caveat is asked for: the command, or (inside a run) more output. */
const AFTER_CAVEAT_TAGS: readonly string[] = [COMMAND_TAG, ...OUTPUT_TAGS];

/**
 * Tells which of `tags` the text of an entry's `message` opens with, or `undefined` when none (or
 * the entry has no text). Readers answer it from a parsed message or from the raw bytes.
 */
export type OpeningTag<T> = (entry: T, tags: readonly string[]) => string | undefined;

/** The text the rule reads of a `message` value: its string `content`, or its last `text` block's text. */
export function messageText(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const content = (message as Record<string, unknown>)['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  for (let i = content.length - 1; i >= 0; i--) {
    const block: unknown = content[i];
    if (typeof block !== 'object' || block === null) continue;
    const { type, text } = block as Record<string, unknown>;
    if (type === 'text' && typeof text === 'string') return text;
  }
  return undefined;
}

/** Which of `tags` the text of `message` opens with ({@link messageText}), or `undefined`. */
export function openingTagOf(message: unknown, tags: readonly string[]): string | undefined {
  const text = messageText(message);
  return text === undefined ? undefined : tags.find((tag) => text.startsWith(tag));
}

/**
 * The entries of `chain` (in conversation order, before hidden entries are left out and before
 * any page is cut) that are a completed local command or its output, by the rule above. Reads the
 * text only of meta user entries, and of the other user entries while a command is announced or
 * running.
 */
export function completedLocalCommands<T extends ChainNode>(
  chain: readonly T[],
  openingTag: OpeningTag<T>,
): Set<T> {
  const marked = new Set<T>();
  let announced = false;
  let running = false;
  for (const entry of chain) {
    if (entry.type === 'assistant') {
      announced = running = false;
      continue;
    }
    if (entry.type !== 'user') continue;
    if (entry.isMeta) {
      if (openingTag(entry, CAVEAT_TAGS) !== undefined) announced = true;
      continue;
    }
    if (!announced && !running) continue;
    const tag = openingTag(entry, announced ? AFTER_CAVEAT_TAGS : OUTPUT_TAGS);
    if (tag === COMMAND_TAG) {
      marked.add(entry);
      announced = false;
      running = true;
    } else if (tag !== undefined && running) {
      marked.add(entry);
    } else {
      announced = running = false;
    }
  }
  return marked;
}
