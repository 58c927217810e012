/**
 * One side of the import benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc import-session-child.mjs <ours|official|floor> <configDir> <projectDir> <sessionId> <calls>
 *
 * Plain JavaScript on purpose: no TypeScript loader runs in the process (ours comes from its built
 * dist, as users load it). `floor` imports nothing and imports no session: bare Node's peak RSS.
 * Each call imports the session into a store that keeps nothing: it counts entries and append
 * calls and remembers the first and last uuid of each batch (for the digest both sides must share).
 *
 * Prints one JSON line: the wall time of each import (the first is the cold one), the entries per
 * import, the digest, RSS after loading the module, and the process's peak RSS.
 */
import { createHash } from 'node:crypto';
import { privateRssBytes } from './private-rss.mjs';

const [side, configDir, projectDir, sessionId, callsArg] = process.argv.slice(2);
if (!['ours', 'official', 'floor'].includes(side) || !configDir || !projectDir || !sessionId) {
  throw new Error(
    'usage: import-session-child.mjs <ours|official|floor> <configDir> <projectDir> <sessionId> <calls>',
  );
}
process.env.CLAUDE_CONFIG_DIR = configDir;
process.chdir(projectDir);
const importer =
  side === 'ours'
    ? (await import('@ccsdk/session-store')).importSessionToStore
    : side === 'official'
      ? (await import('@anthropic-ai/claude-agent-sdk')).importSessionToStore
      : undefined;
globalThis.gc?.();
const loadedRssBytes = process.memoryUsage.rss();
const times = [];
let entries = 0;
let digest = '';
for (let call = 0; importer !== undefined && call < Number(callsArg ?? 1); call++) {
  let appends = 0;
  let count = 0;
  const ends = [];
  const store = {
    async append(_key, batch) {
      appends++;
      count += batch.length;
      ends.push(batch[0]?.uuid, batch.at(-1)?.uuid);
    },
    async load() {
      return null;
    },
  };
  const options =
    side === 'ours'
      ? { dir: projectDir, configDir, includeSubagents: false }
      : { dir: projectDir, includeSubagents: false };
  const start = performance.now();
  await importer(sessionId, store, options);
  times.push(performance.now() - start);
  entries = count;
  digest = createHash('sha256')
    .update(`${count}:${appends}:${ends.join(',')}`)
    .digest('hex')
    .slice(0, 12);
}
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
const privateBytes = privateRssBytes();
process.stdout.write(
  `${JSON.stringify({ side, times, count: entries, digest, loadedRssBytes, peakRssBytes, privateRssBytes: privateBytes })}\n`,
);
