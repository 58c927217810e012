/**
 * One SDK driving one long session, in its own process so that its heap holds only that SDK and
 * the session (the fake Messages API, which records every request, stays in the parent):
 *
 *   node --expose-gc long-session-child.mjs <ours|official> <turns> <warmupTurns> <snapshotDir>
 *
 * with `CCSDK_LONG_SESSION_ENV` (the CLI's environment, JSON) and `CCSDK_LONG_SESSION_CWD` set, and
 * optionally `CCSDK_LONG_SESSION_CLI` (the CLI binary both SDKs are given).
 * Used by `long-session.bench.ts` (both sides) and by tooling/e2e's `query-memory.test.ts` (ours).
 *
 * One `query()` with streaming input runs `turns` turns against the real CLI. Every turn uses the
 * parts that keep per-request state on the host: the model calls an in-process MCP tool, which
 * `canUseTool` allows and a PreToolUse and a PostToolUse hook see; the transcript is mirrored to a
 * session store that keeps nothing; after each result a control request (`mcpServerStatus()`)
 * goes out under the query's abort signal. The reader takes a few ms over each message, so messages
 * wait in the SDK's queue behind it. After `warmupTurns` results and after the last, the
 * child collects garbage and writes a heap snapshot; once both are written it takes a census of
 * each (`heapCensus` of `@ccsdk/testing`) and prints one JSON line: the counts, the kinds of value
 * that grew, the heap sizes and RSS at both points, the time per turn.
 *
 * Plain JavaScript: each SDK from its built package, as users load it.
 */
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { censusGrowth, heapCensus } from '@ccsdk/testing';
import { z } from 'zod';

/** Kinds of grown value the report lists (the total counts them all). */
const REPORTED_KINDS = 12;
/**
 * How long the reader takes over each message, in ms, as one that renders or stores it would: the
 * messages of a turn arrive together, so most of them wait in the SDK's queue for the reader.
 */
const READ_DELAY_MS = 3;

const [side, turnsArg, warmupArg, snapshotDir] = process.argv.slice(2);
const turns = Number(turnsArg);
const warmupTurns = Number(warmupArg);
if (
  !['ours', 'official'].includes(side) ||
  !(Number.isInteger(warmupTurns) && warmupTurns > 0 && Number.isInteger(turns) && turns > warmupTurns) ||
  !snapshotDir ||
  typeof globalThis.gc !== 'function'
) {
  throw new Error(
    'usage: node --expose-gc long-session-child.mjs <ours|official> <turns> <warmupTurns> <snapshotDir>',
  );
}
const { createSdkMcpServer, query, tool } =
  side === 'ours' ? await import('@ccsdk/sdk') : await import('@anthropic-ai/claude-agent-sdk');
const env = JSON.parse(process.env.CCSDK_LONG_SESSION_ENV ?? '{}');
const cwd = process.env.CCSDK_LONG_SESSION_CWD;
const cli = process.env.CCSDK_LONG_SESSION_CLI;

/** Resolved by the loop once a turn's result arrived, so the next prompt goes out. */
let nextTurn = () => {};
async function* prompts() {
  for (let turn = 1; turn <= turns; turn++) {
    yield {
      type: 'user',
      message: { role: 'user', content: `Add the numbers of turn ${turn}.` },
      parent_tool_use_id: null,
      session_id: '',
    };
    await new Promise((resolve) => {
      nextTurn = resolve;
    });
  }
}

const counts = {
  results: 0,
  toolCalls: 0,
  permissionAsks: 0,
  preToolUse: 0,
  postToolUse: 0,
  storeAppends: 0,
  warnings: 0,
};
const calc = createSdkMcpServer({
  name: 'calc',
  version: '1.0.0',
  tools: [
    tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
      counts.toolCalls++;
      return { content: [{ type: 'text', text: String(a + b) }] };
    }),
  ],
});
/** Counts a hook call; the hook lets the tool call go on. */
function countHook(name) {
  counts[name]++;
  return {};
}
/** A store that accepts every batch and keeps none: what the mirror holds is the SDK's own. */
const forgetfulStore = {
  async append() {
    counts.storeAppends++;
  },
  async load() {
    return null;
  },
};
const q = query({
  prompt: prompts(),
  options: {
    env,
    cwd,
    ...(cli ? { pathToClaudeCodeExecutable: cli } : {}),
    abortController: new AbortController(),
    mcpServers: { calc },
    sessionStore: forgetfulStore,
    canUseTool: async (_name, input) => {
      counts.permissionAsks++;
      return { behavior: 'allow', updatedInput: input };
    },
    hooks: {
      PreToolUse: [{ hooks: [async () => countHook('preToolUse')] }],
      PostToolUse: [{ hooks: [async () => countHook('postToolUse')] }],
    },
    onWarning: () => {
      counts.warnings++;
    },
  },
});

/** Collects garbage, then writes a snapshot; returns its path. */
function snapshotAfterGc(label) {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return writeHeapSnapshot(join(snapshotDir, `${side}-${label}.heapsnapshot`));
}

const snapshots = {};
const heapUsed = {};
/** RSS before each snapshot: writing one and taking the census cost far more than the session. */
const rss = {};
const failures = [];
// Read the clock once before the first snapshot: the first use of `performance` loads Node's
// perf modules, which would otherwise show up in the census as if the session had retained them.
let measureStart = performance.now();
let measureEnd = measureStart;
for await (const message of q) {
  await new Promise((resolve) => setTimeout(resolve, READ_DELAY_MS));
  if (message.type !== 'result') continue;
  counts.results++;
  if (message.subtype !== 'success') failures.push(message.subtype);
  await q.mcpServerStatus();
  if (counts.results === warmupTurns || counts.results === turns) {
    const label = counts.results === turns ? 'end' : 'warm';
    if (label === 'end') measureEnd = performance.now();
    rss[label] = process.memoryUsage.rss();
    snapshots[label] = snapshotAfterGc(label);
    heapUsed[label] = process.memoryUsage().heapUsed;
    if (label === 'warm') measureStart = performance.now();
  }
  if (counts.results === turns) break;
  nextTurn();
}
await q.close();
const growth = censusGrowth(heapCensus(snapshots.warm), heapCensus(snapshots.end));
process.stdout.write(
  `${JSON.stringify({
    side,
    counts,
    failures,
    measuredTurns: turns - warmupTurns,
    msPerTurn: (measureEnd - measureStart) / (turns - warmupTurns),
    heapUsed,
    rss,
    grownValues: growth.reduce((sum, entry) => sum + entry.growth, 0),
    topGrowth: growth.slice(0, REPORTED_KINDS),
  })}\n`,
);
