/**
 * One side of a session benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc session-bench-child.mjs <ours|official|floor> <list|messages> <configDir> <calls> [sessionId]
 *
 * Plain JavaScript on purpose: no TypeScript loader runs in the process, so its memory is Node's
 * plus the SDK under test (ours from its built dist, as users load it). `floor` imports nothing and
 * calls nothing: its peak RSS is bare Node's, the floor both sides stand on.
 *
 * Prints one JSON line: the wall time of each call (the first is the cold one), the result size,
 * a digest of the result (to check that both sides agree), RSS after loading the module, and the
 * process's peak RSS.
 */
import { createHash } from 'node:crypto';

const [side, op, configDir, callsArg, sessionId = ''] = process.argv.slice(2);
if (!['ours', 'official', 'floor'].includes(side) || !['list', 'messages'].includes(op) || !configDir) {
  throw new Error(
    'usage: session-bench-child.mjs <ours|official|floor> <list|messages> <configDir> <calls> [sessionId]',
  );
}
const calls = Number(callsArg ?? 1);
process.env.CLAUDE_CONFIG_DIR = configDir;
const api =
  side === 'ours'
    ? await import('@ccsdk/session-jsonl')
    : side === 'official'
      ? await import('@anthropic-ai/claude-agent-sdk')
      : undefined;
globalThis.gc?.();
const loadedRssBytes = process.memoryUsage.rss();
const times = [];
let count = 0;
let digest = '';
for (let call = 0; api !== undefined && call < calls; call++) {
  const start = performance.now();
  const keys =
    op === 'list'
      ? (await api.listSessions()).map((s) => `${s.sessionId}:${s.summary}`)
      : (await api.getSessionMessages(sessionId)).map((m) => m.uuid);
  times.push(performance.now() - start);
  count = keys.length;
  digest = createHash('sha256').update(keys.sort().join('\n')).digest('hex').slice(0, 12);
}
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ side, op, times, count, digest, loadedRssBytes, peakRssBytes })}\n`);
