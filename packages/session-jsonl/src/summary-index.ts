import type { LiteSummary } from './lite-read.js';
import type { FileStamp } from './session-files.js';
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

/** What parsing an index gave: its usable entries and how many were skipped as malformed. */
export interface ParsedSummaryIndex {
  readonly entries: IndexedSummary[];
  readonly skipped: number;
  /** Why the whole document was not used, when it was not: `malformed` or `other-writer`. */
  readonly rejected?: 'malformed' | 'other-writer';
}

const BOOLEAN_FIELDS = ['started', 'isSidechain', 'firstPromptLocked'] as const;
const STRING_FIELDS = [
  'cwd',
  'entrypoint',
  'sessionKind',
  'firstPrompt',
  'commandFallback',
  'relocatedCwd',
  'continuedIn',
  'customTitle',
  'aiTitle',
  'lastPrompt',
  'summaryHint',
  'gitBranch',
  'tag',
] as const;
const MEDIA_PROMPTS = new Set(['Image', 'Document']);
const FIELD_KINDS = new Map<string, 'boolean' | 'string' | 'time' | 'media'>([
  ...BOOLEAN_FIELDS.map((field) => [field, 'boolean'] as const),
  ...STRING_FIELDS.map((field) => [field, 'string'] as const),
  ['createdAt', 'time'],
  ['mediaPrompt', 'media'],
]);

function validValue(kind: 'boolean' | 'string' | 'time' | 'media', value: unknown): boolean {
  switch (kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return typeof value === 'string';
    case 'time':
      return typeof value === 'number' && Number.isFinite(value);
    case 'media':
      return typeof value === 'string' && MEDIA_PROMPTS.has(value);
  }
}

/** A summary's fields as a new, frozen object; `undefined` when any key or value is not one a fold gives. */
function summaryDataOf(value: unknown): SessionSummaryData | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const data: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const kind = FIELD_KINDS.get(key);
    if (kind === undefined || !validValue(kind, field)) return undefined;
    data[key] = field;
  }
  return Object.freeze(data) as SessionSummaryData;
}

function isStampNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function entryOf(value: unknown): IndexedSummary | undefined {
  if (!Array.isArray(value) || value.length !== 7) return undefined;
  const [path, dev, ino, size, mtimeMs, ctimeMs, rawData] = value as unknown[];
  if (typeof path !== 'string' || path === '') return undefined;
  if (![dev, ino, size, mtimeMs, ctimeMs].every(isStampNumber)) return undefined;
  if (!Number.isInteger(size)) return undefined;
  const data = summaryDataOf(rawData);
  if (data === undefined) return undefined;
  const stamp = { dev, ino, size, mtimeMs, ctimeMs } as FileStamp;
  return { path, lite: { data, stamp } };
}

/**
 * The entries of an index document written by `writer`. Never throws: a document that is not
 * JSON, not of this format or of another writer gives none; an entry that is not
 * `[path, dev, ino, size, mtimeMs, ctimeMs, data]` with a fold's fields is skipped; at most
 * `maxEntries` are taken, and a path given twice keeps its last entry.
 */
export function parseSummaryIndex(text: string, writer: string, maxEntries: number): ParsedSummaryIndex {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return { entries: [], skipped: 0, rejected: 'malformed' };
  }
  if (typeof document !== 'object' || document === null)
    return { entries: [], skipped: 0, rejected: 'malformed' };
  const { format, writer: writtenBy, entries } = document as Record<string, unknown>;
  if (format !== SUMMARY_INDEX_FORMAT || !Array.isArray(entries)) {
    return { entries: [], skipped: 0, rejected: 'malformed' };
  }
  if (writtenBy !== writer) return { entries: [], skipped: 0, rejected: 'other-writer' };
  const byPath = new Map<string, IndexedSummary>();
  let skipped = 0;
  for (const raw of entries) {
    const entry = entryOf(raw);
    if (entry === undefined) {
      skipped++;
      continue;
    }
    byPath.delete(entry.path);
    byPath.set(entry.path, entry);
    if (byPath.size > maxEntries) byPath.delete(byPath.keys().next().value as string);
  }
  return { entries: [...byPath.values()], skipped };
}

/** The index document of `entries`, written by `writer`: what {@link parseSummaryIndex} reads back. */
export function serializeSummaryIndex(entries: Iterable<IndexedSummary>, writer: string): string {
  const rows: unknown[] = [];
  for (const { path, lite } of entries) {
    const { dev, ino, size, mtimeMs, ctimeMs } = lite.stamp;
    rows.push([path, dev, ino, size, mtimeMs, ctimeMs, lite.data]);
  }
  return JSON.stringify({ format: SUMMARY_INDEX_FORMAT, writer, entries: rows });
}
