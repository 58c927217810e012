import type { SDKSessionInfo, SessionMessage } from '@ccsdk/session-jsonl';
import { messageParts, partText } from '../render/message-parts.js';
import { type Snippet, snippetAround, type TextMatcher } from './text-matcher.js';

/** One session that matched a search, as `ccsdk sessions search --json` prints it. */
export interface SessionSearchHit {
  /** The session, as `listSessions()` returned it. */
  readonly session: SDKSessionInfo;
  /** Matches over all the session's messages. */
  readonly matches: number;
  /** Messages with at least one match. */
  readonly matchingMessages: number;
  /** The first matching message. */
  readonly firstMatch: {
    readonly uuid: string;
    readonly type: SessionMessage['type'];
    /** The Agent tool call a subagent's message ran under (searched with `--subagents`); `null` in the main conversation. */
    readonly parentToolUseId: string | null;
    readonly snippet: Snippet;
  };
}

/**
 * Searches one session's messages (as `getSessionMessages()` returns them, or with its subagents'
 * as `loadConversation()` does): the text a person reads of each (prompts, text, thinking, tool
 * inputs and results). `undefined` when nothing matches.
 */
export function searchMessages(
  session: SDKSessionInfo,
  messages: readonly SessionMessage[],
  matcher: TextMatcher,
): SessionSearchHit | undefined {
  let matches = 0;
  let matchingMessages = 0;
  let firstMatch: SessionSearchHit['firstMatch'] | undefined;
  for (const message of messages) {
    let inMessage = 0;
    for (const part of messageParts(message as unknown as Record<string, unknown>)) {
      const text = partText(part);
      const found = matcher.first(text);
      if (found === undefined) continue;
      inMessage += matcher.count(text);
      firstMatch ??= {
        uuid: message.uuid,
        type: message.type,
        parentToolUseId: message.parent_tool_use_id ?? null,
        snippet: snippetAround(text, found),
      };
    }
    if (inMessage > 0) {
      matches += inMessage;
      matchingMessages++;
    }
  }
  return firstMatch === undefined ? undefined : { session, matches, matchingMessages, firstMatch };
}
