import type { ChainNode } from './conversation-chain.js';

/** Entry types that take part in the conversation chain. */
export type ChainEntryType = 'user' | 'assistant' | 'progress' | 'system' | 'attachment';

/** What the readers know about one chain entry, however it was read: the chain walk's facts and more. */
export interface ChainEntryFacts extends ChainNode {
  readonly type: ChainEntryType;
  /** Byte offset of the line in the file. */
  readonly offset: number;
  /** For user, assistant and system entries: `sessionId`, when a string. */
  readonly sessionId: string | undefined;
  /** For user, assistant and system entries: `timestamp` as the line holds it (a string, as the CLI writes it). */
  readonly timestamp: unknown;
  /** For user, assistant and system entries: the `origin` value (who queued a prompt), when present. */
  readonly origin: unknown;
  /** For user, assistant and system entries: the flags `getSessionMessages` passes on, when `true`. */
  readonly flags: MessageFlags;
}

/** Entry flags a session message carries (each `true` on the entry, else absent). */
export interface MessageFlags {
  readonly isCompactSummary?: true;
  readonly isVisibleInTranscriptOnly?: true;
  readonly isQueuedCommand?: true;
  readonly interruptedByShutdown?: true;
  /**
   * `isMeta` exactly `true`: what marks a returned message `is_meta`. (Any truthy `isMeta` hides
   * an entry from a main conversation; a subagent's entry with `"yes"` is returned unmarked, as
   * the official SDK returns it.)
   */
  readonly isMeta?: true;
}

/** The flag names of {@link MessageFlags} besides `isMeta`, as the transcript spells them. */
export const MESSAGE_FLAGS = [
  'isCompactSummary',
  'isVisibleInTranscriptOnly',
  'isQueuedCommand',
  'interruptedByShutdown',
] as const;

/** Every flag name of {@link MessageFlags}. */
const ALL_MESSAGE_FLAGS = [...MESSAGE_FLAGS, 'isMeta'] as const;

/** The flags of an entry that has none. */
export const NO_FLAGS: MessageFlags = Object.freeze({});

/** The {@link MessageFlags} of an entry, from a reader of its top-level booleans. */
export function messageFlags(flag: (name: (typeof ALL_MESSAGE_FLAGS)[number]) => boolean): MessageFlags {
  let flags: Record<string, true> | undefined;
  for (const name of ALL_MESSAGE_FLAGS) {
    if (!flag(name)) continue;
    flags ??= {};
    flags[name] = true;
  }
  return flags ?? NO_FLAGS;
}

/** Entry types that take part in the conversation chain, as a set. */
export const CHAIN_TYPES: ReadonlySet<string> = new Set<ChainEntryType>([
  'user',
  'assistant',
  'progress',
  'system',
  'attachment',
]);
/** Chain entry types whose `message` is returned (and whose `sessionId`, `timestamp`, `origin` are kept). */
export const MESSAGE_TYPES: ReadonlySet<string> = new Set<ChainEntryType>(['user', 'assistant', 'system']);
