/**
 * One side of a session benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc session-bench-child.mjs <ours|ours-uncached|official|floor|readfloor> <list|messages> <configDir> <calls> [sessionId]
 *
 * Plain JavaScript on purpose: no TypeScript loader runs in the process, so its memory is Node's
 * plus the SDK under test (ours from its built dist, as users load it). `floor` imports nothing and
 * calls nothing: its peak RSS is bare Node's, the floor both sides stand on. `readfloor` (list only)
 * imports nothing and does the least I/O a listing can: list every project folder, then open,
 * fstat, read the first and the last 64 KiB of every transcript, and close it; its time is the
 * physical floor of `listSessions()`. `ours-uncached` (list only) is ours with the summaries it keeps
 * between calls dropped before each call: every call reads every transcript, as a first call does.
 *
 * Prints one JSON line: the wall time of each call (the first is the cold one), the result size,
 * a digest of the result (to check that both sides agree), RSS after loading the module, and the
 * process's peak RSS.
 */
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { privateRssBytes } from './private-rss.mjs';

const [side, op, configDir, callsArg, sessionId = ''] = process.argv.slice(2);
if (
  !['ours', 'ours-uncached', 'official', 'floor', 'readfloor'].includes(side) ||
  !['list', 'messages'].includes(op) ||
  !configDir ||
  ((side === 'readfloor' || side === 'ours-uncached') && op !== 'list')
) {
  throw new Error(
    'usage: session-bench-child.mjs <ours|ours-uncached|official|floor|readfloor> <list|messages> <configDir> <calls> [sessionId]',
  );
}
const calls = Number(callsArg ?? 1);
process.env.CLAUDE_CONFIG_DIR = configDir;

/** Bytes the read floor reads at each end of a transcript, as a listing does: 64 KiB. */
const FLOOR_READ_BYTES = 64 * 1024;
const floorBuffer = Buffer.allocUnsafe(FLOOR_READ_BYTES);

/** The read floor of a listing: every transcript opened, stat'ed, read at both ends, closed. */
function readFloor() {
  const projects = join(configDir, 'projects');
  const names = [];
  for (const folder of readdirSync(projects)) {
    for (const name of readdirSync(join(projects, folder))) {
      if (!name.endsWith('.jsonl')) continue;
      const fd = openSync(join(projects, folder, name), 'r');
      const { size } = fstatSync(fd);
      readSync(fd, floorBuffer, 0, Math.min(size, FLOOR_READ_BYTES), 0);
      if (size > FLOOR_READ_BYTES) {
        const tail = Math.max(FLOOR_READ_BYTES, size - FLOOR_READ_BYTES);
        readSync(fd, floorBuffer, 0, Math.min(FLOOR_READ_BYTES, size - tail), tail);
      }
      closeSync(fd);
      names.push(name);
    }
  }
  return names;
}

const api =
  side === 'ours' || side === 'ours-uncached'
    ? await import('@ccsdk/session-jsonl')
    : side === 'official'
      ? await import('@anthropic-ai/claude-agent-sdk')
      : undefined;
globalThis.gc?.();
const loadedRssBytes = process.memoryUsage.rss();
const times = [];
let count = 0;
let digest = '';
for (let call = 0; (api !== undefined || side === 'readfloor') && call < calls; call++) {
  if (side === 'ours-uncached') api.clearSessionSummaryCache();
  const start = performance.now();
  const keys =
    side === 'readfloor'
      ? readFloor()
      : op === 'list'
        ? (await api.listSessions()).map((s) => `${s.sessionId}:${s.summary}`)
        : (await api.getSessionMessages(sessionId)).map((m) => m.uuid);
  times.push(performance.now() - start);
  count = keys.length;
  digest = createHash('sha256').update(keys.sort().join('\n')).digest('hex').slice(0, 12);
}
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
const privateBytes = privateRssBytes();
process.stdout.write(
  `${JSON.stringify({ side, op, times, count, digest, loadedRssBytes, peakRssBytes, privateRssBytes: privateBytes })}\n`,
);
