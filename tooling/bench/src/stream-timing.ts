/**
 * What the latency benchmarks (`query-latency`, `prewarm`) share: timing one message stream to
 * its first assistant message and its result, the environment a CLI is started with, and running
 * timed paths interleaved.
 */
import { isSDKAssistantMessage } from '@ccsdk/sdk';
import { CLI_ENV_TO_DROP } from '@ccsdk/testing';
import { median } from './stats.js';

/** Times of one run, in ms from `start`. */
export interface StreamSample {
  firstAssistantMs: number;
  resultMs: number;
}

/** A message stream of either SDK, as far as timing needs it. */
export type TimedMessages = AsyncIterable<{ type: string }>;

/** Reads `messages` to its end; rejects when it ended without an assistant message and a result. */
export async function timeStream(start: number, messages: TimedMessages): Promise<StreamSample> {
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

/** This process's environment without the variables that would make a CLI think it runs inside another. */
export function cliBaseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !CLI_ENV_TO_DROP.includes(name)) env[name] = value;
  }
  return env;
}

/**
 * Runs every path once untimed (to warm the page cache), then `runs` timed rounds. Each round
 * starts with a different path, so whatever the previous path leaves behind (a CLI still exiting)
 * does not always weigh on the same one. Returns the samples by path name.
 */
export async function runInterleaved(
  paths: Record<string, () => Promise<StreamSample>>,
  runs: number,
): Promise<Map<string, StreamSample[]>> {
  const samples = new Map<string, StreamSample[]>(Object.keys(paths).map((name) => [name, []]));
  for (const path of Object.values(paths)) await path().catch(() => undefined);
  const order = Object.entries(paths);
  for (let run = 0; run < runs; run += 1) {
    for (let i = 0; i < order.length; i += 1) {
      const [name, path] = order[(run + i) % order.length]!;
      samples.get(name)?.push(await path());
    }
  }
  return samples;
}

/** The median first-assistant and result times of each path. */
export function medianTimes(
  samples: ReadonlyMap<string, readonly StreamSample[]>,
): Map<string, { first: number; result: number }> {
  return new Map(
    [...samples].map(([name, list]) => [
      name,
      { first: median(list.map((s) => s.firstAssistantMs)), result: median(list.map((s) => s.resultMs)) },
    ]),
  );
}
