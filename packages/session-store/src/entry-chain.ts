import {
  type ChainMode,
  type ChainNode,
  conversationChain,
  isVisible,
  type SessionMessage,
} from '@ccsdk/session-jsonl';

export type { ChainMode };

const CHAIN_TYPES = new Set(['user', 'assistant', 'progress', 'system', 'attachment']);

/** A loaded entry as the shared chain walk sees it, with the entry itself. */
interface ChainEntry extends ChainNode {
  readonly entry: Readonly<Record<string, unknown>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The chain entries of a loaded transcript (user, assistant, progress, system, attachment with a string uuid). */
function indexEntries(entries: readonly unknown[]): ChainEntry[] {
  const indexed: ChainEntry[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const { type, uuid, parentUuid, teamName } = entry;
    if (typeof type !== 'string' || !CHAIN_TYPES.has(type) || typeof uuid !== 'string') continue;
    indexed.push({
      type,
      uuid,
      parentUuid: typeof parentUuid === 'string' ? parentUuid : undefined,
      isSidechain: entry['isSidechain'] === true,
      isMeta: entry['isMeta'] === true,
      hasTeamName: typeof teamName === 'string' || typeof teamName === 'boolean',
      position: indexed.length,
      entry,
    });
  }
  return indexed;
}

/** How to turn loaded entries into messages. */
export interface ChainRequest {
  readonly mode: ChainMode;
  readonly includeSystemMessages: boolean;
  readonly offset: number | undefined;
  readonly limit: number | undefined;
  readonly parentToolUseId: string | null;
  readonly parentAgentId: string | null;
}

/**
 * The conversation of loaded transcript entries, walked as the disk reader walks a file: from
 * the chosen leaf back to the root through `parentUuid` (never `logicalParentUuid`), cycle-safe;
 * in `main` mode the latest branch end preferring non-sidechain, non-team, non-meta leaves, in
 * `subagent` mode the last user/assistant entry. Then filtered and paged.
 */
export function messagesFromEntries(entries: readonly unknown[], request: ChainRequest): SessionMessage[] {
  const visible = conversationChain(indexEntries(entries), request.mode).filter((entry) =>
    isVisible(entry, request.mode, request.includeSystemMessages),
  );
  const start = request.offset ?? 0;
  const page =
    request.limit === undefined || request.limit === 0
      ? visible.slice(start)
      : visible.slice(start, start + request.limit);
  return page.map(({ type, uuid, entry }) => {
    const sessionId = entry['sessionId'];
    const message: SessionMessage = {
      type: type as SessionMessage['type'],
      uuid,
      session_id: typeof sessionId === 'string' ? sessionId : '',
      message: entry['message'],
      parent_tool_use_id: request.parentToolUseId,
      parent_agent_id: request.parentAgentId,
    };
    if (typeof entry['timestamp'] === 'string') message.timestamp = entry['timestamp'];
    return message;
  });
}
