import type { LiteSummary } from './lite-read.js';
import type { SessionSummaryData } from './summary-fold.js';

/**
 * The format of a summary index: the summaries a listing read, written to disk so that the next
 * process lists unchanged transcripts without reading them. One JSON document:
 *
 * `{"format":"ccsdk-session-summaries","writer":W,"entries":[[path,dev,ino,size,mtimeMs,ctimeMs,data],…]}`
 *
 * `writer` names the code that folded the summaries (package version and fold revision); an index
 * written by other code is not used, since its fold may differ. An entry is used only while its
 * file's stamp is the same (see `SummaryCache`), so a stale entry costs a read, never a wrong row.
 * Parsing is strict and never throws: a malformed document gives no entries, a malformed entry is
 * skipped (with every other entry kept).
 */

/** The `format` value of a summary index. */
export const SUMMARY_INDEX_FORMAT = 'ccsdk-session-summaries';

/** One summary of an index: a transcript's path with its read summary and stamp. */
export interface IndexedSummary {
  readonly path: string;
  readonly lite: LiteSummary;
}

/**
 * The `typeof` of each field a fold gives (a null-prototype table: one keyed load per field, cheap
 * even before the code is optimized, which a new process's first listing runs in).
 */
const FIELD_TYPE: Readonly<Record<string, string>> = Object.assign(Object.create(null) as object, {
  started: 'boolean',
  isSidechain: 'boolean',
  firstPromptLocked: 'boolean',
  createdAt: 'number',
  cwd: 'string',
  entrypoint: 'string',
  sessionKind: 'string',
  messageLineSeen: 'boolean',
  createdAtLocked: 'boolean',
  firstPrompt: 'string',
  commandFallback: 'string',
  mediaPrompt: 'string',
  relocatedCwd: 'string',
  continuedIn: 'string',
  customTitle: 'string',
  aiTitle: 'string',
  lastPrompt: 'string',
  summaryHint: 'string',
  gitBranch: 'string',
  firstGitBranch: 'string',
  tag: 'string',
});

/**
 * `value` itself, frozen, when it is an object whose every key is a field a fold gives, with a
 * value of that field's type; else `undefined`. Not copied: `JSON.parse` made it and nothing else
 * holds it, and a key such as `__proto__` is not a field, so the object is rejected.
 */
function summaryDataOf(value: unknown): SessionSummaryData | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  for (const key in fields) {
    const type = FIELD_TYPE[key];
    if (type === undefined || typeof fields[key] !== type) return undefined;
  }
  const { createdAt, mediaPrompt } = fields;
  if (createdAt !== undefined && !Number.isFinite(createdAt)) return undefined;
  if (mediaPrompt !== undefined && mediaPrompt !== 'Image' && mediaPrompt !== 'Document') return undefined;
  return Object.freeze(fields) as SessionSummaryData;
}

function isStampNumber(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value < Number.POSITIVE_INFINITY;
}

function entryOf(value: unknown): IndexedSummary | undefined {
  if (!Array.isArray(value) || value.length !== 7) return undefined;
  const path: unknown = value[0];
  const dev: unknown = value[1];
  const ino: unknown = value[2];
  const size: unknown = value[3];
  const mtimeMs: unknown = value[4];
  const ctimeMs: unknown = value[5];
  if (typeof path !== 'string' || path === '') return undefined;
  if (!isStampNumber(dev) || !isStampNumber(ino) || !isStampNumber(mtimeMs) || !isStampNumber(ctimeMs)) {
    return undefined;
  }
  if (!isStampNumber(size) || !Number.isInteger(size)) return undefined;
  const data = summaryDataOf(value[6]);
  if (data === undefined) return undefined;
  return { path, lite: { data, stamp: { dev, ino, size, mtimeMs, ctimeMs } } };
}

/** Why a whole index document is not used: not JSON or not of this format, or of another writer. */
export type SummaryIndexRejection = 'malformed' | 'other-writer';

/**
 * The rows of an index document written by `writer`, each still to be checked
 * ({@link SummaryIndexEntries}), or why the document is not used. Never throws.
 */
export function summaryIndexRows(
  text: string,
  writer: string,
): { readonly rows: readonly unknown[] } | { readonly rejected: SummaryIndexRejection } {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { rejected: 'malformed' };
  }
  if (typeof document !== 'object' || document === null) return { rejected: 'malformed' };
  const { format, writer: writtenBy, entries } = document as Record<string, unknown>;
  if (format !== SUMMARY_INDEX_FORMAT || !Array.isArray(entries)) return { rejected: 'malformed' };
  if (writtenBy !== writer) return { rejected: 'other-writer' };
  return { rows: entries };
}

/**
 * The entries of an index's rows, checked one row at a time (so a caller can give the event loop
 * a turn between rows): a row that is not `[path, dev, ino, size, mtimeMs, ctimeMs, data]` with a
 * fold's fields is skipped; a path given twice keeps its last entry; past `maxEntries` the
 * earliest are dropped.
 */
export class SummaryIndexEntries {
  readonly #byPath = new Map<string, IndexedSummary>();
  readonly #maxEntries: number;
  #skipped = 0;

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  /** Checks `row` and keeps its entry, or counts it as skipped. */
  add(row: unknown): void {
    const entry = entryOf(row);
    if (entry === undefined) {
      this.#skipped++;
      return;
    }
    this.#byPath.delete(entry.path);
    this.#byPath.set(entry.path, entry);
    if (this.#byPath.size > this.#maxEntries) this.#byPath.delete(this.#byPath.keys().next().value as string);
  }

  /** The kept entries, in the order of their last row. */
  get entries(): IndexedSummary[] {
    return [...this.#byPath.values()];
  }

  /** Rows skipped as malformed. */
  get skipped(): number {
    return this.#skipped;
  }
}

/** The index document of `entries`, written by `writer`: what {@link summaryIndexRows} and {@link SummaryIndexEntries} read back. */
export function serializeSummaryIndex(entries: Iterable<IndexedSummary>, writer: string): string {
  const rows: unknown[] = [];
  for (const { path, lite } of entries) {
    const { dev, ino, size, mtimeMs, ctimeMs } = lite.stamp;
    rows.push([path, dev, ino, size, mtimeMs, ctimeMs, lite.data]);
  }
  return JSON.stringify({ format: SUMMARY_INDEX_FORMAT, writer, entries: rows });
}
