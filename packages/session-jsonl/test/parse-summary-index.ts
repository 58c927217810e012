import {
  type IndexedSummary,
  SummaryIndexEntries,
  type SummaryIndexRejection,
  summaryIndexRows,
} from '../src/summary-index.js';

/** What reading a whole index gave: its usable entries, how many rows were skipped, and why the document was not used. */
export interface ParsedSummaryIndex {
  readonly entries: IndexedSummary[];
  readonly skipped: number;
  readonly rejected?: SummaryIndexRejection;
}

/**
 * An index document read in one go, by the same two steps the listing's adoption takes in slices
 * (`summaryIndexRows`, then `SummaryIndexEntries` row by row).
 */
export function parseSummaryIndex(text: string, writer: string, maxEntries: number): ParsedSummaryIndex {
  const document = summaryIndexRows(text, writer);
  if ('rejected' in document) return { entries: [], skipped: 0, rejected: document.rejected };
  const collected = new SummaryIndexEntries(maxEntries);
  for (const row of document.rows) collected.add(row);
  return { entries: collected.entries, skipped: collected.skipped };
}
