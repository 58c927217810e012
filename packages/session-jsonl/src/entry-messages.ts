import {
  CHAIN_TYPES,
  type ChainEntryFacts,
  type ChainEntryType,
  MESSAGE_TYPES,
  messageFlags,
} from './chain-entry.js';
import { type ChainMode, conversationChain, isVisible } from './conversation-chain.js';
import { completedLocalCommands, type OpeningTag, openingTagOf } from './local-commands.js';
import { paginate } from './options.js';
import { type HoldsToolResult, messageHoldsToolResult } from './parallel-tool-calls.js';
import { preservedRelinkOf } from './preserved-relink.js';
import type { SessionMessage } from './types.js';

/** Which messages of a conversation to return, and what to stamp on them. */
export interface MessagePageRequest {
  /** Main transcript or subagent transcript: how the leaf is chosen. */
  readonly mode: ChainMode;
  /** Also return `system` entries. */
  readonly includeSystemMessages: boolean;
  /** Messages to skip from the start. */
  readonly offset: number | undefined;
  /** Most messages to return; `undefined` for all. */
  readonly limit: number | undefined;
  /** Stamped on each message as `parent_tool_use_id`. */
  readonly parentToolUseId: string | null;
  /** Stamped on each message as `parent_agent_id`. */
  readonly parentAgentId: string | null;
}

/** A chain entry known from its parsed line: the facts the chain walk needs plus its `message`. */
export interface ParsedEntry extends ChainEntryFacts {
  /** The parsed `message` value (`undefined` when absent or not a message entry). */
  readonly message: unknown;
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function messageIdOf(message: unknown): string | undefined {
  return typeof message === 'object' && message !== null
    ? stringField((message as Record<string, unknown>)['id'])
    : undefined;
}

/**
 * The chain entry a parsed transcript line holds (a user, assistant, progress, system or
 * attachment entry with a string `uuid`), or `undefined` for any other line. `offset` is the
 * line's byte offset in its file (-1 for an entry that comes from elsewhere, such as a store).
 */
export function parsedChainEntry(
  line: Readonly<Record<string, unknown>>,
  position: number,
  offset: number,
): ParsedEntry | undefined {
  const type = line['type'];
  if (typeof type !== 'string' || !CHAIN_TYPES.has(type)) return undefined;
  const uuid = line['uuid'];
  if (typeof uuid !== 'string') return undefined;
  const isMessage = MESSAGE_TYPES.has(type);
  const teamName = line['teamName'];
  const message = isMessage ? line['message'] : undefined;
  return {
    type: type as ChainEntryType,
    uuid,
    parentUuid: stringField(line['parentUuid']),
    // Any truthy `isSidechain` or `isMeta` (`"yes"`, `1`) hides the entry, as the official reads them.
    isSidechain: Boolean(line['isSidechain']),
    isMeta: Boolean(line['isMeta']),
    hasTeamName: typeof teamName === 'string' || typeof teamName === 'boolean',
    position,
    offset,
    sessionId: isMessage ? stringField(line['sessionId']) : undefined,
    timestamp: isMessage ? line['timestamp'] : undefined,
    origin: isMessage ? line['origin'] : undefined,
    flags: messageFlags((name) => isMessage && line[name] === true),
    messageId: type === 'assistant' ? messageIdOf(message) : undefined,
    preserved: type === 'system' ? preservedRelinkOf(line['compactMetadata']) : undefined,
    message,
  };
}

/** A page of a conversation: its entries, and those of them that are a completed local command or its output. */
export interface MessagePage<T> {
  readonly entries: T[];
  readonly localCommands: ReadonlySet<T>;
}

/**
 * The requested page of a conversation: the chain from the chosen leaf, its visible entries,
 * paginated. Local commands are found on the whole chain first (`completedLocalCommands`), so
 * a page marks them as the whole conversation would; `openingTag` reads the text of an entry.
 */
export function pageOf<T extends ChainEntryFacts>(
  entries: readonly T[],
  request: MessagePageRequest,
  openingTag: OpeningTag<T>,
  holdsToolResult: HoldsToolResult<T>,
): MessagePage<T> {
  const chain = conversationChain(entries, request.mode, holdsToolResult);
  const localCommands = completedLocalCommands(chain, openingTag);
  const visible = chain.filter((entry) => isVisible(entry, request.mode, request.includeSystemMessages));
  return { entries: paginate(visible, request.offset, request.limit), localCommands };
}

/** {@link OpeningTag} of an entry parsed whole: read from its `message`. */
export const parsedOpeningTag: OpeningTag<ParsedEntry> = (entry, tags) => openingTagOf(entry.message, tags);

/** {@link HoldsToolResult} of an entry parsed whole: read from its `message`. */
export const parsedHoldsToolResult: HoldsToolResult<ParsedEntry> = (entry) =>
  messageHoldsToolResult(entry.message);

/** The session messages of a page of entries parsed whole. */
export function parsedPageMessages(
  page: MessagePage<ParsedEntry>,
  request: MessagePageRequest,
): SessionMessage[] {
  return page.entries.map((entry) =>
    toSessionMessage(entry, entry.message, request, page.localCommands.has(entry)),
  );
}

/**
 * The `SessionMessage` for a chain entry whose `message` value is `value`; `completedLocalCommand`
 * when the entry is a completed local command or its output.
 */
export function toSessionMessage(
  entry: ChainEntryFacts,
  value: unknown,
  request: MessagePageRequest,
  completedLocalCommand: boolean,
): SessionMessage {
  const message: SessionMessage = {
    type: entry.type as SessionMessage['type'],
    uuid: entry.uuid,
    session_id: entry.sessionId ?? '',
    message: value,
    parent_tool_use_id: request.parentToolUseId,
    parent_agent_id: request.parentAgentId,
  };
  const { flags } = entry;
  if (flags.isCompactSummary) message.isCompactSummary = true;
  if (flags.isCompactSummary || flags.isVisibleInTranscriptOnly || flags.isMeta) message.is_meta = true;
  if (flags.isQueuedCommand) message.isQueuedCommand = true;
  if (flags.interruptedByShutdown) message.interruptedByShutdown = true;
  if (completedLocalCommand) message.isCompletedLocalCommand = true;
  // Always a key, `undefined` without a timestamp, where the official's messages have it; the value
  // as the line holds it (a string on every line the CLI writes; `null` or a number passes as is).
  message.timestamp = entry.timestamp as string | undefined;
  if (entry.origin !== undefined) message.origin = entry.origin;
  return message;
}

/**
 * The messages of a transcript already parsed into entries (for example loaded from a session
 * store), exactly as `getSessionMessages` reads them from a file: same chain walk, same filter,
 * same page, same fields. Values that are not objects are skipped.
 */
export function messagesFromEntries(
  entries: readonly unknown[],
  request: MessagePageRequest,
): SessionMessage[] {
  const chainEntries: ParsedEntry[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const parsed = parsedChainEntry(entry as Record<string, unknown>, chainEntries.length, -1);
    if (parsed !== undefined) chainEntries.push(parsed);
  }
  return parsedPageMessages(pageOf(chainEntries, request, parsedOpeningTag, parsedHoldsToolResult), request);
}
