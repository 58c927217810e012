/**
 * One side of the in-memory store benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc session-memory-store-child.mjs <ours|official|floor> <import|load> <configDir> <projectDir> <sessionId> <calls>
 *
 * `import`: each call imports the session with the side's own `importSessionToStore` into a
 * fresh `InMemorySessionStore` of the same SDK (the store keeps it, as a user's would). `load`:
 * the session is imported once, then each call is one `load` of the main transcript. `floor`
 * imports nothing and calls nothing: bare Node's peak RSS.
 *
 * Prints one JSON line: each call's wall time, the entry count, a digest (count and the first
 * and last uuid), RSS after loading the module, peak RSS and private RSS.
 */
import { createHash } from 'node:crypto';
import { privateRssBytes } from './private-rss.mjs';

const [side, op, configDir, projectDir, sessionId, callsArg] = process.argv.slice(2);
if (!['ours', 'official', 'floor'].includes(side) || !['import', 'load'].includes(op) || !sessionId) {
  throw new Error(
    'usage: session-memory-store-child.mjs <ours|official|floor> <import|load> <configDir> <projectDir> <sessionId> <calls>',
  );
}
process.env.CLAUDE_CONFIG_DIR = configDir;
process.chdir(projectDir);
const api =
  side === 'ours'
    ? await import('@ccsdk/session-store')
    : side === 'official'
      ? await import('@anthropic-ai/claude-agent-sdk')
      : undefined;
const options =
  side === 'ours'
    ? { dir: projectDir, configDir, includeSubagents: false }
    : { dir: projectDir, includeSubagents: false };
globalThis.gc?.();
const loadedRssBytes = process.memoryUsage.rss();
const times = [];
let count = 0;
let digest = '';
let kept;
for (let call = 0; api !== undefined && call < Number(callsArg ?? 1); call++) {
  if (op === 'import' || kept === undefined) {
    const store = new api.InMemorySessionStore();
    const seen = { key: undefined, count: 0, first: undefined, last: undefined };
    const append = store.append.bind(store);
    store.append = (key, batch) => {
      seen.key ??= key;
      seen.count += batch.length;
      seen.first ??= batch[0]?.uuid;
      seen.last = batch.at(-1)?.uuid ?? seen.last;
      return append(key, batch);
    };
    const start = performance.now();
    await api.importSessionToStore(sessionId, store, options);
    if (op === 'import') times.push(performance.now() - start);
    kept = { store, seen };
  }
  let summary = kept.seen;
  if (op === 'load') {
    const start = performance.now();
    const loaded = await kept.store.load(kept.seen.key);
    times.push(performance.now() - start);
    summary = { count: loaded?.length ?? 0, first: loaded?.[0]?.uuid, last: loaded?.at(-1)?.uuid };
  }
  count = summary.count;
  digest = createHash('sha256')
    .update(`${summary.count}:${summary.first}:${summary.last}`)
    .digest('hex')
    .slice(0, 12);
  if (op === 'import') kept = undefined;
}
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({ side, op, times, count, digest, loadedRssBytes, peakRssBytes, privateRssBytes: privateRssBytes() })}\n`,
);
