import type { ChainNode } from './conversation-chain.js';

/** True when a user entry's message holds a `tool_result` block; a reader may read the message lazily. */
export type HoldsToolResult<T> = (entry: T) => boolean;

/** True when `message` (a transcript entry's `message` value) has a `tool_result` block in its content. */
export function messageHoldsToolResult(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const content = (message as Record<string, unknown>)['content'];
  return (
    Array.isArray(content) &&
    content.some(
      (block) =>
        typeof block === 'object' &&
        block !== null &&
        (block as Record<string, unknown>)['type'] === 'tool_result',
    )
  );
}

/**
 * Puts back the parts of parallel tool calls that a leaf-to-root walk misses. The CLI writes one
 * entry per content block, so an API message with two `tool_use` blocks becomes two assistant
 * entries sharing `message.id`, and each tool result hangs off the entry whose call it answers:
 * the walk from the latest leaf follows only one of those branches.
 *
 * After each run of chain assistants sharing a message id, this inserts the other assistant
 * entries of that message that are off the chain, then the off-chain user entries holding a tool
 * result whose parent is any of them, each group in file order. So every result follows the
 * `tool_use` it answers and precedes the next assistant turn (seed 001). A tool result off the
 * chain under an assistant entry with a message id is put back even when the message has one
 * entry, and a user entry without a tool result is not, as the official SDK (0.3.332) reads them.
 * `parentOf` gives each entry's parent as the walk followed it (a partial compaction may have
 * moved it).
 */
export function withParallelToolCalls<T extends ChainNode>(
  chain: readonly T[],
  entries: readonly T[],
  holdsToolResult: HoldsToolResult<T>,
  parentOf: (entry: T) => string | undefined = (entry) => entry.parentUuid,
): T[] {
  const byMessageId = new Map<string, T[]>();
  for (const entry of entries) {
    if (entry.type !== 'assistant' || entry.messageId === undefined) continue;
    const group = byMessageId.get(entry.messageId);
    if (group === undefined) byMessageId.set(entry.messageId, [entry]);
    else group.push(entry);
  }
  if (byMessageId.size === 0) return [...chain];
  const placed = new Set<T>(chain);
  const childrenOf = new Map<string, T[]>();
  for (const entry of entries) {
    const parent = parentOf(entry);
    if (entry.type !== 'user' || parent === undefined || placed.has(entry)) continue;
    const children = childrenOf.get(parent);
    if (children === undefined) childrenOf.set(parent, [entry]);
    else children.push(entry);
  }
  const out: T[] = [];
  const run: T[] = [];
  for (let i = 0; i < chain.length; i++) {
    const entry = chain[i]!;
    out.push(entry);
    if (entry.type !== 'assistant' || entry.messageId === undefined) continue;
    run.push(entry);
    const next = chain[i + 1];
    if (next !== undefined && next.type === 'assistant' && next.messageId === entry.messageId) continue;
    const members = [...run];
    run.length = 0;
    for (const sibling of byMessageId.get(entry.messageId) ?? []) {
      if (placed.has(sibling)) continue;
      placed.add(sibling);
      out.push(sibling);
      members.push(sibling);
    }
    const results: T[] = [];
    for (const member of members) {
      for (const child of childrenOf.get(member.uuid) ?? []) {
        if (!placed.has(child) && holdsToolResult(child)) {
          placed.add(child);
          results.push(child);
        }
      }
    }
    out.push(...results.sort((a, b) => a.position - b.position));
  }
  return out;
}
