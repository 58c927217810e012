/**
 * One side of the in-memory store benchmark, in its own process so that its peak RSS is its own:
 *
 *   node --expose-gc session-memory-store-child.mjs <ours|official|floor> <import|append|load> <configDir> <projectDir> <sessionId> <calls>
 *
 * `import`: each call imports the session with the side's own `importSessionToStore` into a
 * fresh `InMemorySessionStore` of the same SDK (the store keeps it, as a user's would). `append`:
 * each call appends the transcript's entries (parsed before the timing, fresh objects each call)
 * to a fresh store in batches of `APPEND_BATCH_ENTRIES`, as a program mirroring a session does.
 * `load`: the session is imported once, then each call is one `load` of the main transcript.
 * `floor` imports nothing and calls nothing: bare Node's peak RSS.
 *
 * Prints one JSON line: each call's wall time, the entry count, a digest (count and the first
 * and last uuid), RSS after loading the module, peak RSS and private RSS.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { privateRssBytes } from './private-rss.mjs';

const [side, op, configDir, projectDir, sessionId, callsArg] = process.argv.slice(2);
if (
  !['ours', 'official', 'floor'].includes(side) ||
  !['import', 'append', 'load'].includes(op) ||
  !sessionId
) {
  throw new Error(
    'usage: session-memory-store-child.mjs <ours|official|floor> <import|append|load> <configDir> <projectDir> <sessionId> <calls>',
  );
}
/** Entries per `append` call in the append case: the importers' default batch. */
const APPEND_BATCH_ENTRIES = 500;
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
/** The main transcript's key in either SDK's store: the project key of `projectDir`, as both derive it. */
const key = { projectKey: realpathSync(projectDir).replace(/[^a-zA-Z0-9]/g, '-'), sessionId };
/** The transcript's lines, read once: the append case parses them into fresh entries before each timing. */
const lines =
  op === 'append'
    ? readFileSync(join(configDir, 'projects', key.projectKey, `${sessionId}.jsonl`), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
    : [];
const summaryOf = (entries) => ({
  count: entries?.length ?? 0,
  first: entries?.[0]?.uuid,
  last: entries?.at(-1)?.uuid,
});
globalThis.gc?.();
const loadedRssBytes = process.memoryUsage.rss();
const times = [];
let count = 0;
let digest = '';
let kept;
for (let call = 0; api !== undefined && call < Number(callsArg ?? 1); call++) {
  if (op === 'append') {
    const store = new api.InMemorySessionStore();
    const entries = lines.map((line) => JSON.parse(line));
    const start = performance.now();
    for (let at = 0; at < entries.length; at += APPEND_BATCH_ENTRIES) {
      await store.append(key, entries.slice(at, at + APPEND_BATCH_ENTRIES));
    }
    times.push(performance.now() - start);
    kept = { store, stored: summaryOf(await store.load(key)) };
  } else if (op === 'import' || kept === undefined) {
    // A plain store, as a user makes one: its `append` is not wrapped (ours takes the parsed lines
    // only into a store whose `append` is its own). What it holds is read back after the timing.
    const store = new api.InMemorySessionStore();
    const start = performance.now();
    await api.importSessionToStore(sessionId, store, options);
    if (op === 'import') times.push(performance.now() - start);
    kept = { store, stored: summaryOf(await store.load(key)) };
  }
  let summary = kept.stored;
  if (op === 'load') {
    const start = performance.now();
    const loaded = await kept.store.load(key);
    times.push(performance.now() - start);
    summary = summaryOf(loaded);
  }
  count = summary.count;
  digest = createHash('sha256')
    .update(`${summary.count}:${summary.first}:${summary.last}`)
    .digest('hex')
    .slice(0, 12);
  if (op !== 'load') kept = undefined;
}
const peakRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({ side, op, times, count, digest, loadedRssBytes, peakRssBytes, privateRssBytes: privateRssBytes() })}\n`,
);
