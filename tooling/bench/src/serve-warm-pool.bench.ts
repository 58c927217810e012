/**
 * Time from `POST /sessions` to the first assistant message through `ccsdk serve`'s server, a
 * cold CLI per session against the warm pool (`warm: 2`), p50 and p99, with the official SDK's
 * `prewarm()` + `claim()` (a local spare, no server) as the reference: same CLI binary, same
 * scripted fake on 127.0.0.1, same sandbox, a new folder per run.
 *
 * Server paths are timed from `query()` with a fresh `DirectConnectTransport`: its first act is
 * `POST /sessions`, then the WebSocket, the client's `initialize` and the relayed messages. Both
 * servers run in this process. Before each pooled run the pool is let refill to 2 (not timed), as
 * a server between bursts would be; the official spare is started and parked before its run.
 *
 * Run alone: `node --expose-gc --conditions=@ccsdk/source --import tsx src/serve-warm-pool.bench.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { prewarm as officialPrewarm } from '@anthropic-ai/claude-agent-sdk';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import {
  type DirectConnectServer,
  generateToken,
  silentLogger,
  startDirectConnectServer,
} from '@ccsdk/direct-connect-server';
import { query } from '@ccsdk/sdk';
import { createCliSandbox, locateClaudeCodeBinary, reply, startFakeMessagesApi, text } from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { runWhenMain } from './bench-main.js';
import {
  cliBaseEnv,
  runInterleaved,
  type StreamSample,
  type TimedMessages,
  timeStream,
} from './stream-timing.js';

/** Timed runs per path; p99 of this few is the slowest run (nearest rank). */
const RUNS = 6;

/** Spares the pooled server keeps (`--warm 2`). */
const WARM = 2;

/**
 * How long a pooled run waits for the pool to refill before it starts (not timed), in ms: spares
 * start at lowered priority, so on a loaded machine a refill takes long.
 */
const REFILL_WAIT_MS = 300_000;

/** How long the official spare stays parked before its claim, in ms (as in the prewarm benchmark). */
const PARK_MS = 1_000;

/** The nearest-rank percentile `p` (0-100) of `values`. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

async function poolRefilled(server: DirectConnectServer): Promise<void> {
  const deadline = Date.now() + REFILL_WAIT_MS;
  while ((server.warmPoolStats()?.ready ?? 0) < WARM) {
    if (Date.now() > deadline)
      throw new Error(`the pool did not refill: ${JSON.stringify(server.warmPoolStats())}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function run(): Promise<BenchTable> {
  const fake = await startFakeMessagesApi({ script: () => reply(text('Benchmark answer.')) });
  const sandbox = await createCliSandbox();
  const cli = locateClaudeCodeBinary({ from: import.meta.dirname });
  const env = cliBaseEnv();
  Object.assign(env, sandbox.env(fake.url));
  const serverOptions = {
    roots: [sandbox.root],
    logger: silentLogger,
    maxSessions: 20,
    cli: { env, pathToClaudeCodeExecutable: cli },
  };
  const cold = await startDirectConnectServer({ token: generateToken(), ...serverOptions });
  const pooled = await startDirectConnectServer({ token: generateToken(), ...serverOptions, warm: WARM });
  let folders = 0;
  const newFolder = async (): Promise<string> => {
    const folder = join(sandbox.root, `project-${folders++}`);
    await mkdir(folder);
    return folder;
  };
  const overServer = async (server: DirectConnectServer): Promise<StreamSample> => {
    const cwd = await newFolder();
    const start = performance.now();
    const transport = new DirectConnectTransport({ url: server.url, cwd });
    return timeStream(start, query({ prompt: 'hi', options: { transport } }));
  };
  const paths: Record<string, () => Promise<StreamSample>> = {
    'serve, cold CLI per session': () => overServer(cold),
    [`serve --warm ${WARM} (pooled)`]: async () => {
      await poolRefilled(pooled);
      return overServer(pooled);
    },
    'official prewarm() + claim() (local)': async () => {
      const spare = await officialPrewarm({ options: { env, pathToClaudeCodeExecutable: cli } });
      await new Promise((resolve) => setTimeout(resolve, PARK_MS));
      const cwd = await newFolder();
      const start = performance.now();
      try {
        return await timeStream(start, spare.claim({ prompt: 'hi', options: { cwd } }) as TimedMessages);
      } finally {
        spare.close();
        await spare.exited;
      }
    },
  };
  let samples: Map<string, StreamSample[]>;
  let stats: ReturnType<DirectConnectServer['warmPoolStats']>;
  try {
    samples = await runInterleaved(paths, RUNS);
    stats = pooled.warmPoolStats();
  } finally {
    await pooled.close();
    await cold.close();
    await fake.close();
    await sandbox.dispose();
  }
  const firsts = new Map([...samples].map(([name, list]) => [name, list.map((s) => s.firstAssistantMs)]));
  const coldP50 = percentile(firsts.get('serve, cold CLI per session') ?? [], 50);
  const rows = [...firsts].map(([name, list]) => {
    const p50 = percentile(list, 50);
    return [name, p50.toFixed(0), percentile(list, 99).toFixed(0), (p50 / coldP50).toFixed(2)];
  });
  return {
    columns: ['path', 'first assistant p50 ms', 'p99 ms', 'p50 / serve cold p50'],
    rows,
    notes: [
      `${RUNS} interleaved runs per path (rotating order) after one untimed warm-up each; p99 is the slowest (nearest rank of ${RUNS})`,
      `same CLI binary (${cli}) and scripted fake; each run in a new folder; target: pooled p50 at most 1/3 of cold`,
      'serve paths time POST /sessions, the WebSocket, the client initialize and the relay; the official path has no server',
      `pool after the runs: ${JSON.stringify(stats)}`,
    ],
    raw: Object.fromEntries(samples),
  };
}

const benchmark: Benchmark = {
  name: 'serve-warm-pool',
  title:
    'ccsdk serve: POST /sessions to first assistant message, cold vs --warm 2, vs official prewarm() + claim()',
  run,
};
export default benchmark;

await runWhenMain(import.meta.url, benchmark);
