import { findFirstPrompt, type MediaPrompt } from './first-prompt.js';
import { isUuid } from './ids.js';
import {
  firstValue,
  LAST_WINS_PARTS,
  lastWinsValue,
  type SummaryRules,
  TRANSCRIPT_SUMMARY_RULES,
} from './summary-rules.js';

export { LAST_WINS_FIELD, LAST_WINS_PARTS, type LastWinsPart } from './summary-rules.js';

import type { SDKSessionInfo } from './types.js';

/**
 * The running summary of one session, folded entry by entry. JSON-safe, so a store can persist
 * it verbatim between appends; treat it as opaque.
 *
 * Set-once: `isSidechain` (first entry), `createdAt`, `cwd`, `entrypoint`, `sessionKind`,
 * `firstPrompt`, `mediaPrompt`. Last-wins: `customTitle`, `aiTitle`, `lastPrompt`, `summaryHint`,
 * `gitBranch`, `relocatedCwd`, `tag` (a blank tag clears it). `continuedIn` holds only while the
 * last entry folded is a `continued-in` entry. Blank strings never count.
 */
export interface SessionSummaryData {
  /** True once the first entry was folded. */
  started?: boolean;
  /** The first entry's `isSidechain`: the session is a subagent's. */
  isSidechain?: boolean;
  /** Epoch ms of the first entry's timestamp: see {@link SummaryRules.createdAtFromFirstTimestamp}. */
  createdAt?: number;
  /** True once the first string timestamp decided `createdAt` (set even when it did not parse). */
  createdAtLocked?: boolean;
  /** The first non-blank working directory seen. */
  cwd?: string;
  /** The first non-blank `entrypoint` (how the CLI was started, e.g. `sdk-ts`). */
  entrypoint?: string;
  /** The session's kind (`daemon`, ...): see {@link SummaryRules.sessionKindFromFirstMessage}. */
  sessionKind?: string;
  /**
   * True once a message line (one with a top-level `parentUuid`) was folded: it decided
   * `sessionKind`, and a transcript without one is not a conversation another can continue in.
   */
  messageLineSeen?: boolean;
  /** The first real user prompt. */
  firstPrompt?: string;
  /** True once `firstPrompt` was found; later user entries no longer change it. */
  firstPromptLocked?: boolean;
  /** The first slash command seen, shown when no prompt was found. */
  commandFallback?: string;
  /** `Image` / `Document`: the first prompt was only such blocks. */
  mediaPrompt?: MediaPrompt;
  /** The last `relocated` entry's `relocatedCwd`: where the session now runs. */
  relocatedCwd?: string;
  /** The session the transcript continues in, while its last entry is `continued-in`. */
  continuedIn?: string;
  /** The latest title set by a rename. */
  customTitle?: string;
  /** The latest generated title. */
  aiTitle?: string;
  /** The latest `lastPrompt` the CLI recorded. */
  lastPrompt?: string;
  /** The latest `summary` entry's text. */
  summaryHint?: string;
  /** The latest git branch seen (an empty one included). */
  gitBranch?: string;
  /** The first git branch seen, shown when the latest is empty: see {@link SummaryRules.firstGitBranchShown}. */
  firstGitBranch?: string;
  /** The latest tag; absent when a blank tag cleared it. */
  tag?: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const PROGRAMMATIC_ENTRYPOINTS = new Set(['sdk-cli', 'sdk-ts', 'sdk-py']);
const DAEMON_SESSION_KINDS = new Set(['daemon', 'daemon-worker']);

/** Epoch milliseconds of an ISO-8601 timestamp string, or `undefined`. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The top-level fields the fold reads. */
export type SummaryField =
  | 'type'
  | 'isSidechain'
  | 'timestamp'
  | 'cwd'
  | 'entrypoint'
  | 'sessionKind'
  | 'isMeta'
  | 'isCompactSummary'
  | 'message'
  | 'customTitle'
  | 'aiTitle'
  | 'lastPrompt'
  | 'summary'
  | 'tag'
  | 'gitBranch'
  | 'relocatedCwd'
  | 'continuedInSessionId'
  | 'sessionId'
  | 'parentUuid';

/** Every {@link SummaryField}, in a fixed order. */
export const SUMMARY_FIELDS: readonly SummaryField[] = [
  'type',
  'isSidechain',
  'timestamp',
  'cwd',
  'entrypoint',
  'sessionKind',
  'isMeta',
  'isCompactSummary',
  'message',
  'customTitle',
  'aiTitle',
  'lastPrompt',
  'summary',
  'tag',
  'gitBranch',
  'relocatedCwd',
  'continuedInSessionId',
  'sessionId',
  'parentUuid',
];

/**
 * The revision of what a transcript's summary is: raise it with any change that makes the fold or
 * the lite read give another summary for the same bytes. Summary indexes written on disk by an
 * earlier revision (or another package version) are then not used.
 */
export const SUMMARY_FOLD_REVISION = 2;

/** Reads one top-level field of the entry being folded; `undefined` when absent. */
export type SummaryFieldReader = (field: SummaryField) => unknown;

/**
 * Folds one entry, given as a field reader, into `data` in place. Fields are read lazily and
 * only while they can still change the summary, so a reader may decode on demand; a reader that
 * answers `undefined` for a field makes the entry count as if it lacked it.
 */
export function foldSummaryFields(
  data: SessionSummaryData,
  read: SummaryFieldReader,
  rules: SummaryRules = TRANSCRIPT_SUMMARY_RULES,
): void {
  if (data.started !== true) {
    data.started = true;
    if (read('isSidechain') === true) data.isSidechain = true;
  }
  if (data.createdAt === undefined && data.createdAtLocked !== true)
    foldCreatedAt(data, read('timestamp'), rules);
  if (data.cwd === undefined) {
    const cwd = firstValue(read('cwd'), rules);
    if (cwd !== undefined) data.cwd = cwd;
  }
  if (data.entrypoint === undefined) {
    const entrypoint = firstValue(read('entrypoint'), rules);
    if (entrypoint !== undefined) data.entrypoint = entrypoint;
  }
  foldSessionKind(data, read, rules);
  if (rules.firstGitBranchShown && data.firstGitBranch === undefined) {
    const gitBranch = read('gitBranch');
    if (typeof gitBranch === 'string') data.firstGitBranch = gitBranch;
  }
  const type = read('type');
  if (data.firstPromptLocked !== true && type === 'user') {
    const found = findFirstPrompt({
      type,
      isMeta: read('isMeta'),
      isCompactSummary: read('isCompactSummary'),
      message: read('message'),
    });
    if (found?.command !== undefined && data.commandFallback === undefined)
      data.commandFallback = found.command;
    if (found?.media !== undefined && data.mediaPrompt === undefined) data.mediaPrompt = found.media;
    if (found?.prompt !== undefined) {
      data.firstPrompt = found.prompt;
      data.firstPromptLocked = true;
    }
  }
  for (const part of LAST_WINS_PARTS) {
    const value = lastWinsValue(part, type, read, rules);
    if (value === null) delete data[part];
    else if (value !== undefined) data[part] = value;
  }
  foldContinuedIn(data, type, read);
}

/**
 * Epoch milliseconds of an entry's timestamp as a summary's `createdAt` takes it: any string
 * `Date.parse` reads (a date alone, `2026-01-01`, included), as the official SDK's do.
 */
function entryTime(raw: unknown): number | undefined {
  if (typeof raw !== 'string') return undefined;
  const ms = Date.parse(raw);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Sets `createdAt` from an entry's timestamp (`raw`), under `rules`; called only while no first timestamp decided it. */
function foldCreatedAt(data: SessionSummaryData, raw: unknown, rules: SummaryRules): void {
  const createdAt = entryTime(raw);
  if (createdAt !== undefined) data.createdAt = createdAt;
  if (rules.createdAtFromFirstTimestamp && typeof raw === 'string') data.createdAtLocked = true;
}

/**
 * Sets `sessionKind` from an entry: the first value seen, or, under rules that take it from the
 * first message line, that line's own (or none) once it comes, whatever came before it.
 */
function foldSessionKind(data: SessionSummaryData, read: SummaryFieldReader, rules: SummaryRules): void {
  if (data.messageLineSeen === true) return;
  if (rules.sessionKindFromFirstMessage && read('parentUuid') !== undefined) {
    const sessionKind = firstValue(read('sessionKind'), rules);
    if (sessionKind === undefined) delete data.sessionKind;
    else data.sessionKind = sessionKind;
    data.messageLineSeen = true;
    return;
  }
  if (data.sessionKind === undefined) {
    const sessionKind = firstValue(read('sessionKind'), rules);
    if (sessionKind !== undefined) data.sessionKind = sessionKind;
  }
}

/**
 * A `continued-in` entry names the session that goes on from this one (one without a uuid target
 * ends it); a later user prompt cancels it (see {@link continuationCancelled}), and no other
 * entry does.
 */
function foldContinuedIn(data: SessionSummaryData, type: unknown, read: SummaryFieldReader): void {
  const target = continuedInOf(type, read);
  if (target !== undefined) data.continuedIn = target;
  else if (data.continuedIn !== undefined && (type === 'continued-in' || continuationCancelled(type, read)))
    delete data.continuedIn;
}

/**
 * True for an entry that cancels an earlier continuation: a user entry that gives a prompt (as a
 * first prompt would be found: not meta, no tool result, not a slash command), a subagent's
 * included. A title, a tag, an assistant or a system entry after a continuation leaves the session
 * continued, as the official SDK (0.3.332) lists it.
 */
export function continuationCancelled(type: unknown, read: SummaryFieldReader): boolean {
  if (type !== 'user') return false;
  const found = findFirstPrompt({
    type,
    isMeta: read('isMeta'),
    isCompactSummary: read('isCompactSummary'),
    message: read('message'),
  });
  return found?.prompt !== undefined;
}

/**
 * The session an entry (its `type` already read) says this one continues in: a `continued-in`
 * entry's uuid target; else `undefined` (a `continued-in` entry without one ends the continuation,
 * see {@link foldContinuedIn}).
 */
export function continuedInOf(type: unknown, read: SummaryFieldReader): string | undefined {
  if (type !== 'continued-in') return undefined;
  const target = read('continuedInSessionId');
  return isUuid(target) ? target : undefined;
}

/** Folds one entry object into `data` in place (see {@link foldSummaryFields}). */
export function foldSummaryEntry(
  data: SessionSummaryData,
  entry: Readonly<Record<string, unknown>>,
  rules: SummaryRules = TRANSCRIPT_SUMMARY_RULES,
): void {
  foldSummaryFields(data, (field) => entry[field], rules);
}

/**
 * Folds `entries` into a copy of `prev` (or a fresh summary) and returns it; `prev` is not changed.
 * Folding two batches one after the other equals folding their concatenation.
 */
export function foldSummaryEntries(
  prev: SessionSummaryData | undefined,
  entries: Iterable<Readonly<Record<string, unknown>>>,
  rules: SummaryRules = TRANSCRIPT_SUMMARY_RULES,
): SessionSummaryData {
  const data: SessionSummaryData = { ...prev };
  for (const entry of entries) {
    if (typeof entry === 'object' && entry !== null) foldSummaryEntry(data, entry, rules);
  }
  return data;
}

/** True for a session started by an SDK entrypoint or a daemon, which `includeProgrammatic: false` hides. */
export function isProgrammaticSummary(data: SessionSummaryData): boolean {
  return (
    (data.entrypoint !== undefined && PROGRAMMATIC_ENTRYPOINTS.has(data.entrypoint)) ||
    (data.sessionKind !== undefined && DAEMON_SESSION_KINDS.has(data.sessionKind))
  );
}

/** Facts about a session that do not come from its entries. */
export interface SessionFacts {
  /** Modification time, integer epoch milliseconds. */
  lastModified: number;
  /** Transcript size in bytes, when known. */
  fileSize?: number;
  /** The project path, used as `cwd` when no entry recorded one. */
  projectPath?: string;
  /** The archive mark, when there is one. */
  archived?: boolean;
  /** The title of the `custom-title.json` sidecar, used when no `custom-title` entry was read. */
  titleSidecar?: string;
  /**
   * Whether the row has an `archived` key (`undefined` until a mark is read). Rows of files and of a
   * store's `getSessionInfo` have one; a store's listing rows do not, as the official SDK's do not.
   * Default `true`.
   */
  archivedKey?: boolean;
}

/**
 * Turns a folded summary into the listing's {@link SDKSessionInfo}. Returns `undefined` for a
 * sidechain and for a session with nothing to show as its summary (metadata only). The title is
 * the custom title, else the sidecar's, else the AI title; `cwd` is the relocated one when the
 * session moved; a session whose prompts were only images (documents) is summarized `Image` (`Document`).
 *
 * Every key is present, in the official SDK's order, `undefined` where there is no value (as the
 * official rows are: the same under `Object.keys` and `toStrictEqual`); `archived` only when
 * {@link SessionFacts.archivedKey}.
 */
export function sessionInfoFromSummary(
  sessionId: string,
  data: SessionSummaryData,
  facts: SessionFacts,
): SDKSessionInfo | undefined {
  if (data.isSidechain === true) return undefined;
  // An empty string shows as no value, and the next source is taken (`||`, not `??`).
  const customTitle = data.customTitle || facts.titleSidecar || data.aiTitle || undefined;
  const firstPrompt = data.firstPrompt ?? data.commandFallback;
  const summary = customTitle || data.lastPrompt || data.summaryHint || firstPrompt || data.mediaPrompt;
  if (!summary) return undefined;
  const info: SDKSessionInfo = {
    sessionId,
    summary,
    lastModified: Math.trunc(facts.lastModified),
    fileSize: facts.fileSize,
    customTitle,
    firstPrompt,
    gitBranch: data.gitBranch || data.firstGitBranch || undefined,
    cwd: data.relocatedCwd || data.cwd || facts.projectPath || undefined,
    tag: data.tag || undefined,
    createdAt: data.createdAt,
  };
  if (facts.archivedKey !== false) info.archived = facts.archived;
  return info;
}
