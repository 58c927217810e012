import { statSync } from 'node:fs';
import { readLiteSummary } from '../src/lite-read.js';
import { fileStampOf } from '../src/session-files.js';
import { SummaryCache, type SummaryCacheLimits } from '../src/summary-cache.js';

/** A summary cache over the real reader and stat with the given clock, listing the paths it read and stat'ed. */
export function countingCache(now: () => number, limits: SummaryCacheLimits) {
  const reads: string[] = [];
  const stats: string[] = [];
  const cache = new SummaryCache(
    {
      read: (filePath) => {
        reads.push(filePath);
        return readLiteSummary(filePath);
      },
      stat: (filePath) => {
        stats.push(filePath);
        const found = statSync(filePath, { throwIfNoEntry: false });
        return found?.isFile() === true ? fileStampOf(found) : undefined;
      },
      now,
    },
    limits,
  );
  return { cache, reads, stats };
}
