import type { SummaryField, SummaryFieldReader } from './summary-fold.js';

/** The parts of a summary that the last entry carrying them decides, in the order they fold. */
export const LAST_WINS_PARTS = [
  'customTitle',
  'aiTitle',
  'lastPrompt',
  'gitBranch',
  'summaryHint',
  'relocatedCwd',
  'tag',
] as const;

/** One of {@link LAST_WINS_PARTS}. */
export type LastWinsPart = (typeof LAST_WINS_PARTS)[number];

/**
 * The entry field each last-wins part is read from: an entry whose line never spells that key
 * cannot change the part (what lets a reader skip such lines).
 */
export const LAST_WINS_FIELD: Readonly<Record<LastWinsPart, SummaryField>> = {
  customTitle: 'customTitle',
  aiTitle: 'aiTitle',
  lastPrompt: 'lastPrompt',
  gitBranch: 'gitBranch',
  summaryHint: 'summary',
  relocatedCwd: 'relocatedCwd',
  tag: 'tag',
};

/** How an entry's value of one last-wins part of a summary counts. */
export interface PartRule {
  /** The entry type that may give the part; entries of any type when `undefined`. */
  readonly ownType: string | undefined;
  /** An empty string is a value (the part is then hidden, as when it has none), not skipped. */
  readonly emptyCounts: boolean;
  /** A value that is not a string clears the part (on an entry that may give it); else it is skipped. */
  readonly nonStringClears: boolean;
}

/**
 * Which entry values a session summary takes. The official SDK reads a summary by two sets of
 * rules (and a store fork's title by a third, {@link STORE_FORK_TITLE_RULES}), and ccsdk follows
 * each where the official uses it (its behaviour observed side by side,
 * see `tooling/bench/src/session-read-parity.property.test.ts`):
 * - {@link TRANSCRIPT_SUMMARY_RULES}: a transcript read whole or at both ends, as `listSessions()`
 *   and `getSessionInfo()` read files, and `getSessionInfo()` reads a store's entries;
 * - {@link STORE_SUMMARY_RULES}: the running summary a store keeps as entries are appended
 *   (`foldSessionSummary`), which `listSessions({ sessionStore })` shows.
 *
 * Under both, a string counts even when it is only whitespace; a value of another type never
 * sets a part. A summary row shows a part whose value is an empty string as it shows no value.
 */
export interface SummaryRules {
  /** How each last-wins part takes an entry's value. */
  readonly parts: Readonly<Record<LastWinsPart, PartRule>>;
  /** An empty string is a first value of `cwd`, `entrypoint` or `sessionKind` (which then stays hidden), not skipped. */
  readonly emptyFirstValueCounts: boolean;
  /**
   * `sessionKind` is the first message line's (the first with a top-level `parentUuid`), even
   * when it has none and an earlier line had one; the first value seen only when no line is a
   * message. Else the first value seen.
   */
  readonly sessionKindFromFirstMessage: boolean;
  /**
   * `createdAt` is the first string timestamp's, or none when that one does not parse; else the
   * first timestamp that parses.
   */
  readonly createdAtFromFirstTimestamp: boolean;
  /** A row shows the first git branch seen when the latest one is empty (else no branch). */
  readonly firstGitBranchShown: boolean;
}

const anyType = (): PartRule => ({ ownType: undefined, emptyCounts: true, nonStringClears: false });

const ownType = (type: string, rule: Partial<PartRule> = {}): PartRule => ({
  ownType: type,
  emptyCounts: true,
  nonStringClears: false,
  ...rule,
});

/** The rules of a summary read from a transcript's entries in order (files, and a store's `getSessionInfo`). */
export const TRANSCRIPT_SUMMARY_RULES: SummaryRules = {
  parts: {
    customTitle: ownType('custom-title'),
    aiTitle: ownType('ai-title'),
    lastPrompt: anyType(),
    gitBranch: anyType(),
    summaryHint: anyType(),
    relocatedCwd: ownType('relocated'),
    tag: ownType('tag'),
  },
  emptyFirstValueCounts: true,
  sessionKindFromFirstMessage: true,
  createdAtFromFirstTimestamp: true,
  firstGitBranchShown: true,
};

/** The rules of the running summary a store keeps as entries are appended (`listSessions({ sessionStore })`). */
export const STORE_SUMMARY_RULES: SummaryRules = {
  parts: {
    customTitle: anyType(),
    aiTitle: anyType(),
    lastPrompt: anyType(),
    gitBranch: anyType(),
    summaryHint: anyType(),
    relocatedCwd: ownType('relocated', { emptyCounts: false }),
    tag: ownType('tag', { nonStringClears: true }),
  },
  emptyFirstValueCounts: false,
  sessionKindFromFirstMessage: false,
  createdAtFromFirstTimestamp: false,
  firstGitBranchShown: false,
};

/**
 * The rules by which a fork over a store reads its source's title: the store's, but an empty
 * custom or AI title is passed over (an earlier one stays), as the official SDK's store forks
 * name a fork. (A store listing shows an empty title as none; a fork on disk reads by the
 * transcript rules.)
 */
export const STORE_FORK_TITLE_RULES: SummaryRules = {
  ...STORE_SUMMARY_RULES,
  parts: {
    ...STORE_SUMMARY_RULES.parts,
    customTitle: { ...STORE_SUMMARY_RULES.parts.customTitle, emptyCounts: false },
    aiTitle: { ...STORE_SUMMARY_RULES.parts.aiTitle, emptyCounts: false },
  },
};

/**
 * What one entry (its `type` already read) says of a last-wins part under `rules`: its new value,
 * `null` when it clears the part, `undefined` when it leaves the part as it was.
 */
export function lastWinsValue(
  part: LastWinsPart,
  type: unknown,
  read: SummaryFieldReader,
  rules: SummaryRules,
): string | null | undefined {
  const rule = rules.parts[part];
  if (rule.ownType !== undefined && type !== rule.ownType) return undefined;
  const value = read(LAST_WINS_FIELD[part]);
  if (typeof value !== 'string') return rule.nonStringClears ? null : undefined;
  return value === '' && !rule.emptyCounts ? undefined : value;
}

/** `value` when it counts as a first value of `cwd`, `entrypoint` or `sessionKind` under `rules`, else `undefined`. */
export function firstValue(value: unknown, rules: SummaryRules): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value === '' && !rules.emptyFirstValueCounts ? undefined : value;
}
