import { type HoldsToolResult, withParallelToolCalls } from './parallel-tool-calls.js';
import { type PreservedRelink, relinkedParents } from './preserved-relink.js';

/** How the leaf of a transcript is chosen and which entries are shown. */
export type ChainMode = 'main' | 'subagent';

/**
 * What the chain walk needs of a transcript entry. The disk reader's indexed lines and a store's
 * loaded entries both provide it, so both walk the conversation the same way.
 */
export interface ChainNode {
  /** The entry's `type` (`user`, `assistant`, `system`, ...). */
  readonly type: string;
  /** The entry's own id. */
  readonly uuid: string;
  /** The id of the entry it follows; `undefined` at the root. */
  readonly parentUuid: string | undefined;
  /** A subagent's entry, left out of the main conversation. */
  readonly isSidechain: boolean;
  /** An entry the CLI adds for itself (not shown as conversation). */
  readonly isMeta: boolean;
  /** The entry carries a `teamName` (a team member's entry, left out). */
  readonly hasTeamName: boolean;
  /** Position among the chain entries, in file order. */
  readonly position: number;
  /** For assistant entries: the API message's `id`, shared by the entries of one message. */
  readonly messageId?: string | undefined;
  /** For a compact boundary of a partial compaction: the messages it kept, spliced in after its anchor. */
  readonly preserved?: PreservedRelink | undefined;
}

/** An entry's parent as the walk follows it (its `parentUuid`, unless a compaction moved it). */
type ParentOf<T> = (entry: T) => string | undefined;

function isMessage(entry: ChainNode): boolean {
  return entry.type === 'user' || entry.type === 'assistant';
}

/**
 * The nearest user or assistant entry at or above `start`, memoized in `nearest`; `null` when the
 * walk reaches a root, a missing parent or a cycle first.
 */
function nearestMessage<T extends ChainNode>(
  start: T,
  byUuid: ReadonlyMap<string, T>,
  nearest: Map<T, T | null>,
  parentOf: ParentOf<T>,
): T | null {
  const path: T[] = [];
  const onPath = new Set<T>();
  let current: T | undefined = start;
  let found: T | null = null;
  while (current !== undefined) {
    const known = nearest.get(current);
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
    const parent = parentOf(current);
    current = parent === undefined ? undefined : byUuid.get(parent);
  }
  for (const entry of path) nearest.set(entry, found);
  return found;
}

/**
 * True for an entry that can end a branch of the main conversation, and that makes its parent not
 * end one: not a progress entry, not a subagent's (sidechain) or a team member's. A meta entry
 * can: when the latest branch ends in one, the official SDK (0.3.332) walks that branch, and so do
 * we (the Python SDK prefers non-meta leaves; the TypeScript one is our reference).
 */
function endsMainBranches(entry: ChainNode): boolean {
  return entry.type !== 'progress' && !entry.isSidechain && !entry.hasTeamName;
}

/**
 * The nearest user or assistant entry above the entry, among `ends`, latest in the file that has
 * one; `undefined` when none has.
 */
function latestLeaf<T extends ChainNode>(
  ends: readonly T[],
  byUuid: ReadonlyMap<string, T>,
  parentOf: ParentOf<T>,
): T | undefined {
  const nearest = new Map<T, T | null>();
  let latest: { end: T; leaf: T } | undefined;
  for (const end of ends) {
    if (latest !== undefined && end.position < latest.end.position) continue;
    const leaf = nearestMessage(end, byUuid, nearest, parentOf);
    if (leaf !== null) latest = { end, leaf };
  }
  return latest?.leaf;
}

/** The entries no entry passing `counts` names as parent, among those passing `counts`. */
function branchEnds<T extends ChainNode>(
  byUuid: ReadonlyMap<string, T>,
  parentOf: ParentOf<T>,
  counts: (entry: T) => boolean,
): T[] {
  const referenced = new Set<string>();
  for (const entry of byUuid.values()) {
    if (!counts(entry)) continue;
    const parent = parentOf(entry);
    if (parent !== undefined) referenced.add(parent);
  }
  return [...byUuid.values()].filter((entry) => counts(entry) && !referenced.has(entry.uuid));
}

/**
 * The leaf of the main conversation, as the official SDK (0.3.332) picks it: of the entries that
 * end a branch of the main conversation (see {@link endsMainBranches}: a branch whose only
 * continuation is a subagent's entry still ends where it was), the one latest in the file that
 * has a user or assistant entry at or above it, and that entry (a subagent's one included, which
 * then leaves nothing to show). When no such branch has one, the same over every branch end,
 * subagents' included.
 */
function chooseLeaf<T extends ChainNode>(
  byUuid: ReadonlyMap<string, T>,
  parentOf: ParentOf<T>,
): T | undefined {
  return (
    latestLeaf(branchEnds(byUuid, parentOf, endsMainBranches), byUuid, parentOf) ??
    latestLeaf(
      branchEnds(byUuid, parentOf, (entry) => entry.type !== 'progress'),
      byUuid,
      parentOf,
    )
  );
}

function lastMessage<T extends ChainNode>(entries: readonly T[]): T | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (isMessage(entries[i]!)) return entries[i];
  return undefined;
}

/**
 * The entries a subagent's conversation is walked through: a system or progress entry (kept in a
 * main conversation's walk) ends a subagent's, as the official SDK reads a subagent's transcript.
 */
const SUBAGENT_CHAIN_TYPES: ReadonlySet<string> = new Set(['user', 'assistant', 'attachment']);

/**
 * The conversation of a transcript in order, from the chosen leaf back to the root through
 * `parentUuid` links (never `logicalParentUuid`), protected against cycles. The messages a partial
 * compaction kept are spliced in after its anchor first (`relinkedParents`), as the CLI
 * reads them back.
 *
 * `main`: the leaf is the nearest user/assistant entry above the branch end latest in the file
 * (see `chooseLeaf`); a transcript that is one full cycle has no leaf. `subagent`:
 * the leaf is the last user/assistant entry, and the walk goes through user, assistant and
 * attachment entries only (`SUBAGENT_CHAIN_TYPES`). A duplicated uuid resolves to its last line.
 * In `main` mode, the branches of parallel tool calls off the walked path are put back
 * (`withParallelToolCalls`): the user entries `holdsToolResult` says hold a tool result (every
 * user entry when not given).
 */
export function conversationChain<T extends ChainNode>(
  entries: readonly T[],
  mode: ChainMode,
  holdsToolResult: HoldsToolResult<T> = () => true,
): T[] {
  const byUuid = new Map<string, T>();
  for (const entry of entries) {
    if (mode === 'main' || SUBAGENT_CHAIN_TYPES.has(entry.type)) byUuid.set(entry.uuid, entry);
  }
  const parentOf = relinkedParents(byUuid);
  const leaf = mode === 'main' ? chooseLeaf(byUuid, parentOf) : lastMessage(entries);
  if (leaf === undefined) return [];
  const chain: T[] = [];
  const visited = new Set<T>();
  let current: T | undefined = leaf;
  while (current !== undefined && !visited.has(current)) {
    visited.add(current);
    chain.push(current);
    const parent = parentOf(current);
    current = parent === undefined ? undefined : byUuid.get(parent);
  }
  chain.reverse();
  // A subagent's parallel tool results off the walked path are not put back, as the official SDK
  // reads a subagent's transcript.
  if (mode === 'subagent') return chain;
  return withParallelToolCalls(chain, [...byUuid.values()], holdsToolResult, parentOf);
}

/**
 * True for chain entries a reader returns: user/assistant (and system when asked); in `main` mode
 * not meta, sidechain or team entries. A subagent's meta entries are returned (marked `is_meta`),
 * as the official SDK returns them.
 */
export function isVisible(entry: ChainNode, mode: ChainMode, includeSystem: boolean): boolean {
  if (!(isMessage(entry) || (includeSystem && entry.type === 'system'))) return false;
  return mode === 'subagent' || (!entry.isMeta && !entry.isSidechain && !entry.hasTeamName);
}
