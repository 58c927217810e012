import { query as officialQuery, startup as officialStartup } from '@anthropic-ai/claude-agent-sdk';
import { query, startup } from '@ccsdk/sdk';
import { createCliSandbox, locateClaudeCodeBinary, reply, startFakeMessagesApi, text } from '@ccsdk/testing';
import type { Benchmark, BenchTable } from './bench-api.js';
import {
  cliBaseEnv,
  medianTimes,
  runInterleaved,
  type StreamSample,
  type TimedMessages,
  timeStream,
} from './stream-timing.js';

/** Timed runs per path; the median is reported (paths interleave, so drift hits them alike). */
const RUNS = 7;

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
    const baseEnv = cliBaseEnv();
    const env = { ...baseEnv, ...sandbox.env(fake.url) };
    const common = { cwd: sandbox.cwd, env, pathToClaudeCodeExecutable: cli };

    const paths: Record<string, () => Promise<StreamSample>> = {
      'ccsdk cold query()': () => {
        const start = performance.now();
        return timeStream(start, query({ prompt: 'hi', options: common }));
      },
      'official cold query()': () => {
        const start = performance.now();
        return timeStream(start, officialQuery({ prompt: 'hi', options: common }) as TimedMessages);
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
          return await timeStream(start, warm.query('hi') as TimedMessages);
        } finally {
          warm.close();
        }
      },
    };
    let samples: Map<string, StreamSample[]>;
    try {
      samples = await runInterleaved(paths, RUNS);
    } finally {
      await fake.close();
      await sandbox.dispose();
    }
    const medians = medianTimes(samples);
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
        `median of ${RUNS} interleaved runs (rotating order); same CLI binary (${cli}) and scripted fake for every path`,
        'warm paths time from query() on an already initialized session',
      ],
      raw: Object.fromEntries(samples),
    };
  },
};

export default benchmark;
