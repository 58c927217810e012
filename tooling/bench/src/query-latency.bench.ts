import { query as officialQuery, startup as officialStartup } from '@anthropic-ai/claude-agent-sdk';
import { isSDKAssistantMessage, query, startup } from '@ccsdk/sdk';
import {
  CLI_ENV_TO_DROP,
  createCliSandbox,
  locateClaudeCodeBinary,
  reply,
  startFakeMessagesApi,
  text,
} from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import { median } from './stats.js';

/** Timed runs per path; the median is reported (paths interleave, so drift hits them alike). */
const RUNS = 7;

/** Times of one run, in ms from the `query()` call. */
interface Sample {
  firstAssistantMs: number;
  resultMs: number;
}

type Messages = AsyncIterable<{ type: string }>;

async function timeStream(start: number, messages: Messages): Promise<Sample> {
  let firstAssistantMs = Number.NaN;
  let resultMs = Number.NaN;
  for await (const message of messages) {
    if (Number.isNaN(firstAssistantMs) && (message.type === 'assistant' || isSDKAssistantMessage(message))) {
      firstAssistantMs = performance.now() - start;
    }
    if (message.type === 'result') resultMs = performance.now() - start;
  }
  if (Number.isNaN(firstAssistantMs) || Number.isNaN(resultMs))
    throw new Error('the run ended without an answer');
  return { firstAssistantMs, resultMs };
}

/**
 * Cold `query()`, `startup()` then `query()`, and the official SDK's `query()` and `startup()`,
 * all with the same CLI binary against the same scripted fake on 127.0.0.1, in one process.
 */
const benchmark: Benchmark = {
  name: 'query-latency',
  title: 'time to first assistant message and to result: ccsdk vs official SDK, cold and warm',
  async run(): Promise<BenchTable> {
    const fake = await startFakeMessagesApi({ script: () => reply(text('Benchmark answer.')) });
    const sandbox = await createCliSandbox();
    const cli = locateClaudeCodeBinary({ from: import.meta.dirname });
    const baseEnv: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined && !CLI_ENV_TO_DROP.includes(name)) baseEnv[name] = value;
    }
    const env = { ...baseEnv, ...sandbox.env(fake.url) };
    const common = { cwd: sandbox.cwd, env, pathToClaudeCodeExecutable: cli };

    const paths: Record<string, () => Promise<Sample>> = {
      'ccsdk cold query()': () => {
        const start = performance.now();
        return timeStream(start, query({ prompt: 'hi', options: common }));
      },
      'official cold query()': () => {
        const start = performance.now();
        return timeStream(start, officialQuery({ prompt: 'hi', options: common }) as Messages);
      },
      'ccsdk startup() + query()': async () => {
        const warm = await startup({ options: common });
        const start = performance.now();
        try {
          return await timeStream(start, warm.query('hi'));
        } finally {
          await warm.close();
        }
      },
      'official startup() + query()': async () => {
        const warm = await officialStartup({ options: common });
        const start = performance.now();
        try {
          return await timeStream(start, warm.query('hi') as Messages);
        } finally {
          warm.close();
        }
      },
    };
    const samples = new Map<string, Sample[]>(Object.keys(paths).map((name) => [name, []]));
    try {
      for (const path of Object.values(paths)) await path().catch(() => undefined); // warm the page cache
      for (let run = 0; run < RUNS; run += 1) {
        for (const [name, path] of Object.entries(paths)) samples.get(name)?.push(await path());
      }
    } finally {
      await fake.close();
      await sandbox.dispose();
    }
    const medians = new Map(
      [...samples].map(([name, list]) => [
        name,
        { first: median(list.map((s) => s.firstAssistantMs)), result: median(list.map((s) => s.resultMs)) },
      ]),
    );
    const officialCold = medians.get('official cold query()');
    const ourCold = medians.get('ccsdk cold query()');
    const rows = [...medians].map(([name, m]) => [
      name,
      m.first.toFixed(0),
      m.result.toFixed(0),
      officialCold ? (m.first / officialCold.first).toFixed(2) : '-',
      ourCold ? (ourCold.first / m.first).toFixed(2) : '-',
    ]);
    return {
      columns: ['path', 'first assistant ms', 'result ms', 'first / official cold', 'cold / this (speed-up)'],
      rows,
      notes: [
        `median of ${RUNS} interleaved runs; same CLI binary (${cli}) and scripted fake for every path`,
        'warm paths time from query() on an already initialized session',
      ],
      raw: Object.fromEntries(samples),
    };
  },
};

export default benchmark;
