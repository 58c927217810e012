import { type MessagePart, messageParts } from './message-parts.js';

/** Who a block is from, for the headings of an exported transcript. */
export type Speaker = 'user' | 'assistant' | 'system';

/** One block of an exported transcript: a part, its speaker, and whether a subagent wrote it. */
export interface TranscriptBlock {
  readonly part: MessagePart | { kind: 'system'; text: string };
  readonly speaker: Speaker;
  readonly subagent: boolean;
  /** The message's timestamp, when it has one. */
  readonly timestamp: string | undefined;
}

type Json = Record<string, unknown>;

/**
 * Stored messages (as `getSessionMessages()` / `getSubagentMessages()` return them) as the
 * blocks an export renders: tool results count as the assistant's (they answer its calls),
 * prompts as the user's, system entries as one notice each.
 */
export function transcriptBlocks(messages: readonly Json[]): TranscriptBlock[] {
  const blocks: TranscriptBlock[] = [];
  for (const message of messages) {
    const parent = message['parent_tool_use_id'];
    const subagent = typeof parent === 'string' && parent !== '';
    const timestamp = typeof message['timestamp'] === 'string' ? message['timestamp'] : undefined;
    if (message['type'] === 'system') {
      blocks.push({ part: { kind: 'system', text: 'system entry' }, speaker: 'system', subagent, timestamp });
      continue;
    }
    for (const part of messageParts(message)) {
      blocks.push({ part, speaker: part.kind === 'prompt' ? 'user' : 'assistant', subagent, timestamp });
    }
  }
  return blocks;
}

/** What the header of an exported transcript says. */
export interface TranscriptHeading {
  readonly title: string;
  readonly sessionId: string;
  readonly project: string;
  /** When the session started (else last changed), epoch ms. */
  readonly date: number;
  readonly gitBranch: string | undefined;
}

/** A date as `YYYY-MM-DD HH:MM UTC`. */
export function utcMinute(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
