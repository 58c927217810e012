/**
 * Time from session creation to the first assistant message (and to the result) over Direct
 * Connect, against a local `query()` that spawns the CLI itself, in the same run: same CLI binary,
 * same scripted fake on 127.0.0.1, same sandbox.
 *
 * The Direct Connect path is timed from `query()` with a fresh `DirectConnectTransport`, so it
 * includes `POST /sessions` (the server spawns the CLI), the WebSocket upgrade, `initialize` and
 * every message relayed through the server. The server runs in this process, started once.
 *
 * Run alone: `node --expose-gc --import tsx src/direct-connect-latency.bench.ts` (from tooling/bench).
 */
import { pathToFileURL } from 'node:url';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { generateToken, silentLogger, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { isSDKAssistantMessage, query, type SDKMessage } from '@ccsdk/sdk';
import {
  CLI_ENV_TO_DROP,
  createCliSandbox,
  locateClaudeCodeBinary,
  reply,
  startFakeMessagesApi,
  text,
} from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { formatTable } from './format-table.js';
import { median, RssSampler } from './stats.js';

/** Timed runs per path; the median is reported (paths interleave, so drift hits them alike). */
const RUNS = 7;

interface Sample {
  firstAssistantMs: number;
  resultMs: number;
}

async function timeStream(
  start: number,
  messages: AsyncIterable<SDKMessage>,
  rss: RssSampler,
): Promise<Sample> {
  let firstAssistantMs = Number.NaN;
  let resultMs = Number.NaN;
  for await (const message of messages) {
    rss.sample();
    if (Number.isNaN(firstAssistantMs) && isSDKAssistantMessage(message))
      firstAssistantMs = performance.now() - start;
    if (message.type === 'result') resultMs = performance.now() - start;
  }
  if (Number.isNaN(firstAssistantMs) || Number.isNaN(resultMs))
    throw new Error('the run ended without an answer');
  return { firstAssistantMs, resultMs };
}

async function run(): Promise<BenchTable> {
  const fake = await startFakeMessagesApi({ script: () => reply(text('Benchmark answer.')) });
  const sandbox = await createCliSandbox();
  const cli = locateClaudeCodeBinary({ from: import.meta.dirname });
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !CLI_ENV_TO_DROP.includes(name)) env[name] = value;
  }
  Object.assign(env, sandbox.env(fake.url));
  const server = await startDirectConnectServer({
    token: generateToken(),
    roots: [sandbox.cwd],
    logger: silentLogger,
    cli: { env, pathToClaudeCodeExecutable: cli },
  });
  const rss = new RssSampler();
  const paths: Record<string, () => Promise<Sample>> = {
    'local query()': () => {
      const start = performance.now();
      return timeStream(
        start,
        query({ prompt: 'hi', options: { cwd: sandbox.cwd, env, pathToClaudeCodeExecutable: cli } }),
        rss,
      );
    },
    'Direct Connect query()': () => {
      const start = performance.now();
      const transport = new DirectConnectTransport({ url: server.url, cwd: sandbox.cwd });
      return timeStream(start, query({ prompt: 'hi', options: { transport } }), rss);
    },
  };
  const samples = new Map<string, Sample[]>(Object.keys(paths).map((name) => [name, []]));
  try {
    for (const path of Object.values(paths)) await path(); // warm the page cache
    rss.reset();
    for (let i = 0; i < RUNS; i += 1) {
      for (const [name, path] of Object.entries(paths)) samples.get(name)?.push(await path());
    }
  } finally {
    await server.close();
    await fake.close();
    await sandbox.dispose();
  }
  const medians = [...samples].map(([name, list]) => ({
    name,
    first: median(list.map((s) => s.firstAssistantMs)),
    result: median(list.map((s) => s.resultMs)),
  }));
  const local = medians.find((m) => m.name === 'local query()');
  return {
    columns: ['path', 'first assistant ms', 'result ms', 'first / local', 'added first ms'],
    rows: medians.map((m) => [
      m.name,
      m.first.toFixed(0),
      m.result.toFixed(0),
      local ? (m.first / local.first).toFixed(2) : '-',
      local ? (m.first - local.first).toFixed(0) : '-',
    ]),
    notes: [
      `median of ${RUNS} interleaved runs; same CLI binary (${cli}), scripted fake and sandbox for both paths`,
      'Direct Connect includes POST /sessions, the spawn on the server, the WebSocket upgrade and the relay',
      `peak RSS of this process (client, server and SDK; the CLIs are children): ${rss.peakMiB.toFixed(0)} MiB`,
    ],
    raw: Object.fromEntries(samples),
  };
}

const benchmark: Benchmark = {
  name: 'direct-connect-latency',
  title: 'Direct Connect vs local query(): time to first assistant message and to result',
  run,
};
export default benchmark;

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = await run();
  console.log(`node ${process.version}, gc ${'gc' in globalThis ? 'exposed' : 'NOT exposed'}`);
  console.log(formatTable(table.columns, table.rows));
  for (const note of table.notes ?? []) console.log(`  ${note}`);
}
