import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUMMARY_INDEX_ENV } from '@ccsdk/session-jsonl';
import { type ChildReport, runBenchChild, type Side } from './bench-children.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'session-bench-child.mjs');

/**
 * Runs one side of a session benchmark (`session-bench-child.mjs`) in a fresh child; `readfloor`
 * is the listing's read floor (every transcript opened, stat'ed, read at both ends, closed);
 * `ours-uncached` is ours with its kept summaries dropped before each call and its summary index
 * off (list only), so every call reads every transcript.
 */
export function runSessionChild(
  side: Side | 'readfloor' | 'ours-uncached',
  op: 'list' | 'messages',
  configDir: string,
  calls: number,
  sessionId = '',
): Promise<ChildReport> {
  // The uncached side measures reading every transcript: no summary index is adopted or written.
  const env = side === 'ours-uncached' ? { ...process.env, [SUMMARY_INDEX_ENV]: 'off' } : process.env;
  return runBenchChild(CHILD, [side, op, configDir, String(calls), sessionId], { env });
}
