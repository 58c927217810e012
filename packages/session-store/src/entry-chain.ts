import type { SessionMessage } from '@ccsdk/session-jsonl';

/** How the leaf of a transcript is chosen and which entries are shown. */
export type ChainMode = 'main' | 'subagent';

const CHAIN_TYPES = new Set(['user', 'assistant', 'progress', 'system', 'attachment']);

interface ChainEntry {
  readonly type: string;
  readonly uuid: string;
  readonly parentUuid: string | undefined;
  readonly isSidechain: boolean;
  readonly isMeta: boolean;
  readonly hasTeamName: boolean;
  readonly position: number;
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

const isMessage = (e: ChainEntry): boolean => e.type === 'user' || e.type === 'assistant';
const isPreferredLeaf = (e: ChainEntry): boolean => !e.isSidechain && !e.hasTeamName && !e.isMeta;

function nearestMessage(
  start: ChainEntry,
  byUuid: ReadonlyMap<string, ChainEntry>,
  memo: Map<ChainEntry, ChainEntry | null>,
): ChainEntry | null {
  const path: ChainEntry[] = [];
  const onPath = new Set<ChainEntry>();
  let current: ChainEntry | undefined = start;
  let found: ChainEntry | null = null;
  while (current !== undefined) {
    const known = memo.get(current);
    if (known !== undefined) {
      found = known;
      break;
    }
    if (isMessage(current)) {
      found = current;
      break;
    }
    if (onPath.has(current)) break;
    onPath.add(current);
    path.push(current);
    current = current.parentUuid === undefined ? undefined : byUuid.get(current.parentUuid);
  }
  for (const entry of path) memo.set(entry, found);
  return found;
}

function chooseLeaf(byUuid: ReadonlyMap<string, ChainEntry>): ChainEntry | undefined {
  const referenced = new Set<string>();
  for (const entry of byUuid.values()) if (entry.parentUuid !== undefined) referenced.add(entry.parentUuid);
  const memo = new Map<ChainEntry, ChainEntry | null>();
  let best: ChainEntry | undefined;
  let bestPreferred: ChainEntry | undefined;
  for (const entry of byUuid.values()) {
    if (referenced.has(entry.uuid)) continue;
    const leaf = nearestMessage(entry, byUuid, memo);
    if (leaf === null) continue;
    if (best === undefined || leaf.position > best.position) best = leaf;
    if (isPreferredLeaf(leaf) && (bestPreferred === undefined || leaf.position > bestPreferred.position))
      bestPreferred = leaf;
  }
  return bestPreferred ?? best;
}

function conversationChain(entries: readonly ChainEntry[], mode: ChainMode): ChainEntry[] {
  const byUuid = new Map<string, ChainEntry>();
  for (const entry of entries) byUuid.set(entry.uuid, entry);
  const leaf = mode === 'main' ? chooseLeaf(byUuid) : entries.findLast(isMessage);
  if (leaf === undefined) return [];
  const chain: ChainEntry[] = [];
  const visited = new Set<ChainEntry>();
  let current: ChainEntry | undefined = leaf;
  while (current !== undefined && !visited.has(current)) {
    visited.add(current);
    chain.push(current);
    current = current.parentUuid === undefined ? undefined : byUuid.get(current.parentUuid);
  }
  return chain.reverse();
}

function isVisible(entry: ChainEntry, mode: ChainMode, includeSystem: boolean): boolean {
  if (!(isMessage(entry) || (includeSystem && entry.type === 'system'))) return false;
  if (entry.isMeta) return false;
  return mode === 'subagent' || (!entry.isSidechain && !entry.hasTeamName);
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
