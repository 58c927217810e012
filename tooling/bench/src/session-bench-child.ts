/**
 * One side of a session benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc --import tsx session-bench-child.ts <ours|official> <list|messages> <configDir> <runs> [sessionId]
 *
 * Prints one JSON line: wall times of each run, result size, a digest of the result (to check
 * that both sides agree), RSS after loading the module, and the process's peak RSS.
 */
import { createHash } from 'node:crypto';

interface SessionApi {
  listSessions(options?: object): Promise<{ sessionId: string; summary: string }[]>;
  getSessionMessages(id: string, options?: object): Promise<{ uuid: string }[]>;
}

const [side, op, configDir, runsArg, sessionId] = process.argv.slice(2);
if ((side !== 'ours' && side !== 'official') || (op !== 'list' && op !== 'messages') || !configDir) {
  throw new Error(
    'usage: session-bench-child.ts <ours|official> <list|messages> <configDir> <runs> [sessionId]',
  );
}
process.env['CLAUDE_CONFIG_DIR'] = configDir;
const api = (side === 'ours'
  ? await import('@ccsdk/session-jsonl')
  : await import('@anthropic-ai/claude-agent-sdk')) as unknown as SessionApi;
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const loadedRss = process.memoryUsage.rss();
const times: number[] = [];
let count = 0;
let digest = '';
for (let run = 0; run < Number(runsArg ?? 1); run++) {
  gc?.();
  const start = performance.now();
  const keys =
    op === 'list'
      ? (await api.listSessions()).map((s) => `${s.sessionId}:${s.summary}`)
      : (await api.getSessionMessages(sessionId ?? '')).map((m) => m.uuid);
  times.push(performance.now() - start);
  count = keys.length;
  digest = createHash('sha256').update(keys.sort().join('\n')).digest('hex').slice(0, 12);
}
process.stdout.write(
  `${JSON.stringify({ side, op, times, count, digest, loadedRssBytes: loadedRss, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`,
);
