import { KeyMentions } from './key-mentions.js';
import { FIELD_INDEX, foldAll, foldLine, readField, scanner, scanWhole } from './line-fold.js';
import { type LineRegion, lineAround, lineEndFrom, previousLine } from './line-region.js';
import {
  continuationCancelled,
  continuedInOf,
  type SessionSummaryData,
  SUMMARY_FIELDS,
  type SummaryField,
} from './summary-fold.js';
import {
  firstValue,
  LAST_WINS_FIELD,
  LAST_WINS_PARTS,
  lastWinsValue,
  TRANSCRIPT_SUMMARY_RULES,
} from './summary-rules.js';

/**
 * How a transcript's summary is read without folding every line of its head and tail. The fold
 * (`foldSummaryFields`) keeps the first value of some fields and the last of others, so only a few
 * lines decide it: the first lines, until every first-value field is set or no later line of the
 * head mentions it; for each last-wins part, the last line that gives it; and the last well-formed
 * line (it decides `continuedIn`). A line can only give a field whose key it spells, so one pass
 * over what follows the first prompt that lists where the keys are mentioned
 * (`TopLevelScanner.mentions`, sixteen bytes at a time) tells which lines to read; what they say is
 * then set as folding every line in order would. The pass also says which keys it found at all,
 * so a field whose key no line spells is settled without a walk of the list, and the last line is
 * read only when a continuation may be set or cancelled. Where that pass gives up (an escape
 * that may spell a key, too many mentions), fewer than {@link FOLD_ALL_BELOW_LINES} lines follow,
 * the first prompt is not settled in the head, or every line is asked for, every line is folded.
 */

/**
 * Which lines of the head and tail the lite read folds: `deciding`, only those that can change
 * the summary (the default); `every`, each one, in order (the reference the first is tested
 * against).
 */
export type LiteReadLines = 'deciding' | 'every';

const MENTIONED_FIELDS: readonly SummaryField[] = [
  'cwd',
  'entrypoint',
  'sessionKind',
  'continuedInSessionId',
  ...LAST_WINS_PARTS.map((part) => LAST_WINS_FIELD[part]),
];
const MENTIONED = MENTIONED_FIELDS.reduce((bits, field) => bits | (1 << FIELD_INDEX[field]), 0);
/** First-value fields a head line may still set after the first prompt is settled. */
const FIRST_VALUE_FIELDS = ['cwd', 'sessionKind', 'entrypoint'] as const;
/** Per scanner key index, the last-wins parts read from that key, as bits (part `i` is bit `i`). */
const PART_BITS_OF_KEY: readonly number[] = SUMMARY_FIELDS.map((field) =>
  LAST_WINS_PARTS.reduce(
    (bits, part, index) => (LAST_WINS_FIELD[part] === field ? bits | (1 << index) : bits),
    0,
  ),
);
const ALL_PARTS = (1 << LAST_WINS_PARTS.length) - 1;
/** Per last-wins part (bit `i` of the parts), the bit of the key it is read from. */
const KEY_BIT_OF_PART: readonly number[] = LAST_WINS_PARTS.map(
  (part) => 1 << FIELD_INDEX[LAST_WINS_FIELD[part]],
);
const CONTINUED_IN_KEY = FIELD_INDEX.continuedInSessionId;
/** The mentions of the head's rest and of the tail: two lists, held at once. */
const headMentions = new KeyMentions(0);
const tailMentions = new KeyMentions(1);

/**
 * Fewer lines than this after the first prompt: they are all folded. A mentions pass costs about
 * as much per byte as reading lines does, so it pays only where many lines can be skipped (a
 * transcript of a few long lines is read faster line by line).
 */
const FOLD_ALL_BELOW_LINES = 8;

/** True while the first prompt or the creation time may still be set by a later line. */
export function wantsPromptFields(data: SessionSummaryData): boolean {
  return data.firstPromptLocked !== true || (data.createdAt === undefined && data.createdAtLocked !== true);
}

/** True once the first entry was folded and the first prompt and the creation time are settled. */
export function promptSettled(data: SessionSummaryData): boolean {
  return data.started === true && !wantsPromptFields(data);
}

/** The last-wins parts (as bits) whose key `mentions` found at all: no other can be given in its range. */
function partsMentioned(mentions: KeyMentions): number {
  let parts = 0;
  for (let part = 0; part < LAST_WINS_PARTS.length; part++) {
    if ((mentions.keys & KEY_BIT_OF_PART[part]!) !== 0) parts |= 1 << part;
  }
  return parts;
}

/** True when a mention of `field` lies in `[from, to)`. */
function mentionedIn(mentions: KeyMentions, field: SummaryField, from: number, to: number): boolean {
  const key = FIELD_INDEX[field];
  if (!mentions.mentions(key)) return false;
  for (let m = mentions.count - 1; m >= 0; m--) {
    const position = mentions.position(m);
    if (position < from) return false;
    if (position < to && mentions.key(m) === key) return true;
  }
  return false;
}

/**
 * True when no line of `region` from `next` on can change a first-value field: each of cwd,
 * sessionKind and entrypoint is set or not mentioned in the rest of the region.
 */
function firstValuesSettled(data: SessionSummaryData, region: LineRegion, next: number): boolean {
  for (const field of FIRST_VALUE_FIELDS) {
    // A kind seen before the first message line may still be cleared by that line.
    if (field === 'sessionKind' && data.messageLineSeen !== true && data.sessionKind !== undefined)
      return false;
    if (field === 'sessionKind' && data.messageLineSeen === true) continue;
    if (data[field] === undefined && mentionedIn(region.mentions!, field, next, region.to)) return false;
  }
  return true;
}

/** True when fewer than {@link FOLD_ALL_BELOW_LINES} lines of `region` start at or after `from`. */
function fewLinesFrom(region: LineRegion, from: number): boolean {
  let start = from;
  for (let lines = 0; lines < FOLD_ALL_BELOW_LINES; lines++) {
    const end = start < region.to ? lineEndFrom(region, start) : -1;
    if (end === -1) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Lists the mentions of `region`'s bytes into `out`; the region without them (every line is then
 * folded) when the pass gives up, every line is asked for, or WebAssembly is not available (the
 * JavaScript search is a reference, slower than folding every line).
 */
function withMentions(
  region: Omit<LineRegion, 'mentions'>,
  out: KeyMentions,
  lines: LiteReadLines,
): LineRegion {
  if (lines === 'every' || scanner.engine !== 'wasm') return region;
  return scanner.mentions(region.bytes, region.from, region.to, MENTIONED, out)
    ? { ...region, mentions: out }
    : region;
}

/** The bytes of the key a message line has at its top level. */
const PARENT_UUID_KEY = Buffer.from('"parentUuid"', 'latin1');

/**
 * Where `"parentUuid"` is next spelled in `region` from `from`, or -1: no message line can follow
 * where it is not (a spelling nested in a value only makes the fold read more lines in order).
 */
function nextMessageLine(region: LineRegion, from: number): number {
  const at = region.bytes.indexOf(PARENT_UUID_KEY, from);
  return at === -1 || at >= region.to ? -1 : at;
}

/**
 * Folds the lines of `region` from `from`, in order, until the first prompt is settled and no
 * message line is still to come before the first one is seen; then
 * lists the mentions of the rest and goes on until no later line can change a first
 * value. Returns the rest, with its mentions, for {@link foldDecidingLines}; or `undefined` when
 * every line was folded (the prompt never settled, few lines were left, the mentions pass gave
 * up, or `lines` is `every`).
 */
export function foldUntilSettled(
  data: SessionSummaryData,
  region: LineRegion,
  from: number,
  lines: LiteReadLines,
): LineRegion | undefined {
  let start = from;
  let rest: LineRegion | undefined;
  let messageLineAt = -1;
  while (start < region.to) {
    const end = lineEndFrom(region, start);
    if (end === -1) break;
    foldLine(data, region.bytes, start, end, region.maskOf(start, end));
    start = end + 1;
    if (!promptSettled(data)) continue;
    // Up to the first message line, when one follows, every line is folded in order.
    if (data.messageLineSeen !== true) {
      if (messageLineAt < start) messageLineAt = nextMessageLine(region, start);
      if (messageLineAt !== -1) continue;
    }
    if (rest === undefined) {
      rest = fewLinesFrom(region, start)
        ? undefined
        : withMentions({ ...region, from: start }, headMentions, lines);
      if (rest?.mentions === undefined) {
        foldAll(data, region, start);
        return undefined;
      }
    }
    if (firstValuesSettled(data, rest, start)) return { ...rest, from: start };
  }
  return undefined;
}

/**
 * The tail's lines with their mentions, for {@link foldDecidingLines}; `undefined` when they are
 * few, the mentions pass gives up or `lines` is `every` (they are then all folded).
 */
export function tailWithMentions(tail: LineRegion, lines: LiteReadLines): LineRegion | undefined {
  if (fewLinesFrom(tail, tail.from)) return undefined;
  const withKeys = withMentions(tail, tailMentions, lines);
  return withKeys.mentions === undefined ? undefined : withKeys;
}

/**
 * After the first-value fields are settled, reads only the lines of `regions` (in file order,
 * each with its mentions) that decide the rest, and sets what each says, as folding every line in
 * order would: `continuedIn` from the last continuation or user prompt, each last-wins part from the last line
 * that gives it, and, when `entrypoint` or the first git branch is still unset, the first line
 * that gives one.
 */
export function foldDecidingLines(data: SessionSummaryData, regions: readonly LineRegion[]): void {
  foldContinuation(data, regions);
  const values: (string | null | undefined)[] = [];
  let open = ALL_PARTS;
  for (let r = regions.length - 1; r >= 0 && open !== 0; r--)
    open = readLastGivers(regions[r]!, open, values);
  for (let part = 0; part < LAST_WINS_PARTS.length; part++) {
    if ((open & (1 << part)) !== 0) continue;
    const name = LAST_WINS_PARTS[part]!;
    const value = values[part];
    if (value === null || value === undefined) delete data[name];
    else data[name] = value;
  }
  if (data.entrypoint === undefined) {
    const entrypoint = firstGiven(regions, 'entrypoint', (value) =>
      firstValue(value, TRANSCRIPT_SUMMARY_RULES),
    );
    if (entrypoint !== undefined) data.entrypoint = entrypoint;
  }
  if (data.firstGitBranch === undefined) {
    const gitBranch = firstGiven(regions, 'gitBranch', (value) =>
      typeof value === 'string' ? value : undefined,
    );
    if (gitBranch !== undefined) data.firstGitBranch = gitBranch;
  }
}

/**
 * `continuedIn` as folding every line would leave it: the last `continued-in` entry's target
 * (none when it has no uuid one), unless a later line gives a user prompt (see
 * `continuationCancelled`). Walks back from the end to the first
 * line that decides, scanning each whole line; nothing changes when none does. When no line of
 * `regions` mentions `continuedInSessionId` and `continuedIn` is unset, nothing can set it: no
 * line is scanned.
 */
function foldContinuation(data: SessionSummaryData, regions: readonly LineRegion[]): void {
  if (data.continuedIn === undefined && !regions.some(({ mentions }) => mentions!.mentions(CONTINUED_IN_KEY)))
    return;
  for (let r = regions.length - 1; r >= 0; r--) {
    const region = regions[r]!;
    for (
      let line = previousLine(region, region.to);
      line !== undefined;
      line = previousLine(region, line.start)
    ) {
      if (!scanWhole(region, line)) continue;
      const type = readField('type');
      const target = continuedInOf(type, readField);
      if (target !== undefined) {
        data.continuedIn = target;
        return;
      }
      if (type === 'continued-in' || continuationCancelled(type, readField)) {
        delete data.continuedIn;
        return;
      }
    }
  }
}

/**
 * Walks the mentions of `region` from its end and reads, for each part still `open` (bits of
 * {@link LAST_WINS_PARTS}), what the last line that gives it says into `values`; a line is read
 * once, for every open part. Only parts whose key the region mentions are looked for (the walk
 * ends when each of those is found). Returns the parts still open.
 */
function readLastGivers(region: LineRegion, open: number, values: (string | null | undefined)[]): number {
  const mentions = region.mentions!;
  let sought = open & partsMentioned(mentions);
  let readLineAt = -1;
  for (let m = mentions.count - 1; m >= 0 && sought !== 0; m--) {
    const position = mentions.position(m);
    if (position >= region.to) continue;
    if (position < region.from) break;
    if ((PART_BITS_OF_KEY[mentions.key(m)]! & sought) === 0) continue;
    const line = lineAround(region, position);
    if (line === undefined || line.start === readLineAt) continue;
    readLineAt = line.start;
    if (!scanWhole(region, line)) continue;
    const type = readField('type');
    for (let part = 0; part < LAST_WINS_PARTS.length; part++) {
      if ((open & (1 << part)) === 0) continue;
      const value = lastWinsValue(LAST_WINS_PARTS[part]!, type, readField, TRANSCRIPT_SUMMARY_RULES);
      if (value === undefined) continue;
      values[part] = value;
      open &= ~(1 << part);
      sought &= ~(1 << part);
    }
  }
  return open;
}

/**
 * The first value of `field` a line of `regions` gives that `accept` takes (the string, else
 * `undefined`), found from the mentions of its key.
 */
function firstGiven(
  regions: readonly LineRegion[],
  field: SummaryField,
  accept: (value: unknown) => string | undefined,
): string | undefined {
  const key = FIELD_INDEX[field];
  for (const region of regions) {
    const mentions = region.mentions!;
    if (!mentions.mentions(key)) continue;
    let readLineAt = -1;
    for (let m = 0; m < mentions.count; m++) {
      const position = mentions.position(m);
      if (position < region.from || mentions.key(m) !== key) continue;
      if (position >= region.to) break;
      const line = lineAround(region, position);
      if (line === undefined || line.start === readLineAt) continue;
      readLineAt = line.start;
      if (!scanWhole(region, line)) continue;
      const value = accept(readField(field));
      if (value !== undefined) return value;
    }
  }
  return undefined;
}
