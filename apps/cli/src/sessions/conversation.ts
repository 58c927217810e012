import type { SessionMessage } from '@ccsdk/session-jsonl';
import { getSessionMessages, getSubagentMessages, listSubagents } from '@ccsdk/session-store';
import { messageParts } from '../render/message-parts.js';
import type { LookupOptions } from './session-scope.js';

/**
 * A session's whole conversation as a person reads it: the main chain from
 * `getSessionMessages()`, and each subagent's messages from `getSubagentMessages()` placed right
 * after the Agent tool call that spawned it (nested subagents after theirs). A subagent whose
 * spawning call is not in the conversation comes at the end. Every subagent message carries a
 * `parent_tool_use_id` (`agent-<id>` when its sidecar names none), so renderers mark it.
 */
export async function loadConversation(
  sessionId: string,
  options: LookupOptions,
  includeSystemMessages: boolean,
): Promise<SessionMessage[]> {
  const main = await getSessionMessages(sessionId, { ...options, includeSystemMessages });
  const bySpawningCall = new Map<string, SessionMessage[]>();
  for (const agentId of await listSubagents(sessionId, options)) {
    const messages = await getSubagentMessages(sessionId, agentId, options);
    if (messages.length === 0) continue;
    const parent = messages[0]?.parent_tool_use_id ?? `agent-${agentId}`;
    const marked = messages.map((message) => ({ ...message, parent_tool_use_id: parent }));
    const key = bySpawningCall.has(parent) ? `${parent}#${agentId}` : parent;
    bySpawningCall.set(key, marked);
  }
  const ordered: SessionMessage[] = [];
  const place = (messages: readonly SessionMessage[]) => {
    for (const message of messages) {
      ordered.push(message);
      for (const part of messageParts(message as unknown as Record<string, unknown>)) {
        if (part.kind !== 'tool-call' || part.id === undefined) continue;
        const spawned = bySpawningCall.get(part.id);
        if (spawned === undefined) continue;
        bySpawningCall.delete(part.id);
        place(spawned);
      }
    }
  };
  place(main);
  for (const rest of bySpawningCall.values()) place(rest);
  return ordered;
}
