import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ChildReport, runBenchChild, type Side } from './bench-children.js';

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'session-bench-child.mjs');

/** Runs one side of a session benchmark (`session-bench-child.mjs`) in a fresh child. */
export function runSessionChild(
  side: Side,
  op: 'list' | 'messages',
  configDir: string,
  calls: number,
  sessionId = '',
): Promise<ChildReport> {
  return runBenchChild(CHILD, [side, op, configDir, String(calls), sessionId]);
}
