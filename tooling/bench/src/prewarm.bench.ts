import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { prewarm as officialPrewarm, query as officialQuery } from '@anthropic-ai/claude-agent-sdk';
import { prewarm, query } from '@ccsdk/sdk';
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
const RUNS = 5;

/**
 * How long a spare stays parked before its claim, in ms: a spare is started well before the
 * user picks a folder, and a process still finishing its start-up in the background would slow
 * the claim; both SDKs' spares get the same time.
 */
const PARK_MS = 1_000;

const park = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, PARK_MS));

/**
 * A session in a folder known only now: a cold `query()` there against `prewarm()` done ahead
 * of time and `claim()`ed for the folder, ours and the official SDK's, same CLI binary and
 * scripted fake on 127.0.0.1, in one process. The clock starts when the folder is known.
 */
const benchmark: Benchmark = {
  name: 'prewarm',
  title: 'time to first assistant message and result for a new folder: cold query() vs prewarm() + claim()',
  async run(): Promise<BenchTable> {
    const fake = await startFakeMessagesApi({ script: () => reply(text('Benchmark answer.')) });
    const sandbox = await createCliSandbox();
    const cli = locateClaudeCodeBinary({ from: import.meta.dirname });
    const env = cliBaseEnv();
    Object.assign(env, sandbox.env(fake.url));
    const common = { env, pathToClaudeCodeExecutable: cli };
    let folders = 0;
    const newFolder = async (): Promise<string> => {
      const folder = join(sandbox.root, `project-${folders++}`);
      await mkdir(folder);
      return folder;
    };

    const paths: Record<string, () => Promise<StreamSample>> = {
      'ccsdk cold query()': async () => {
        const cwd = await newFolder();
        const start = performance.now();
        return timeStream(start, query({ prompt: 'hi', options: { ...common, cwd } }));
      },
      'ccsdk prewarm() + claim()': async () => {
        const spare = await prewarm({ options: common });
        await park();
        const cwd = await newFolder();
        const start = performance.now();
        try {
          return await timeStream(start, spare.claim({ prompt: 'hi', options: { cwd } }));
        } finally {
          spare.close();
          await spare.exited;
        }
      },
      'official cold query()': async () => {
        const cwd = await newFolder();
        const start = performance.now();
        return timeStream(
          start,
          officialQuery({ prompt: 'hi', options: { ...common, cwd } }) as TimedMessages,
        );
      },
      'official prewarm() + claim()': async () => {
        const spare = await officialPrewarm({ options: common });
        await park();
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
    try {
      samples = await runInterleaved(paths, RUNS);
    } finally {
      await fake.close();
      await sandbox.dispose();
    }
    const medians = medianTimes(samples);
    const ourCold = medians.get('ccsdk cold query()');
    const officialCold = medians.get('official cold query()');
    const rows = [...medians].map(([name, m]) => {
      const cold = name.startsWith('official') ? officialCold : ourCold;
      return [
        name,
        m.first.toFixed(0),
        m.result.toFixed(0),
        cold ? (cold.first / m.first).toFixed(2) : '-',
        officialCold ? (m.first / officialCold.first).toFixed(2) : '-',
      ];
    });
    return {
      columns: [
        'path',
        'first assistant ms',
        'result ms',
        'same SDK cold / this (speed-up)',
        'first / official cold',
      ],
      rows,
      notes: [
        `median of ${RUNS} interleaved runs (rotating order); same CLI binary (${cli}) and scripted fake for every path`,
        'the clock starts once the folder is known: cold paths spawn then; prewarm paths spawned before (not timed)',
        `each spare is parked ${PARK_MS} ms before its claim`,
      ],
      raw: Object.fromEntries(samples),
    };
  },
};

export default benchmark;
