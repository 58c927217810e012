import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessExitError, query } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { collect } from './support/collect.js';
import { type Rig, startRig } from './support/rig.js';

/**
 * Runs of each scenario. The write of `initialize` races the exit of a CLI that dies at once:
 * about half the runs lost that race before the fix, so 20 runs all passing is not luck.
 */
const RUNS = 20;

let rig: Rig | undefined;
let scriptDir: string | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
  if (scriptDir !== undefined) await rm(scriptDir, { recursive: true, force: true });
  scriptDir = undefined;
});

/** Runs the query to its end and returns what it rejected with (or `undefined`). */
async function failureOf(run: AsyncIterable<unknown>): Promise<unknown> {
  try {
    await collect(run as Parameters<typeof collect>[0]);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** One run's failure in short: the code, and for a `ProcessExitError` the exit code and stderr. */
function outcomeOf(error: unknown): string {
  if (error instanceof ProcessExitError)
    return `PROCESS_EXITED ${error.exitCode}: ${error.stderrTail.trim()}`;
  return `${String((error as { code?: unknown } | undefined)?.code)}: ${String(error)}`;
}

describe('a CLI that dies at once', () => {
  it(`should reject with ProcessExitError naming the exit code and stderr, ${RUNS} runs out of ${RUNS}`, async () => {
    scriptDir = await mkdtemp(join(tmpdir(), 'ccsdk-e2e-dies-'));
    const script = join(scriptDir, 'claude-dies.sh');
    await writeFile(script, "#!/bin/sh\necho 'fatal: the licence file is missing' >&2\nexit 3\n", {
      mode: 0o755,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const error = await failureOf(query({ prompt: 'hi', options: { pathToClaudeCodeExecutable: script } }));
      outcomes.push(outcomeOf(error));
    }
    expect(outcomes).toEqual(Array(RUNS).fill('PROCESS_EXITED 3: fatal: the licence file is missing'));
  });

  it(`should report the real CLI's own refusal of a bad flag, ${RUNS} runs out of ${RUNS}`, async () => {
    rig = await startRig({ script: [reply(text('never asked'))] });
    const outcomes: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const error = await failureOf(
        query({
          prompt: 'hi',
          options: { env: rig.env, cwd: rig.sandbox.cwd, extraArgs: { 'no-such-flag': null } },
        }),
      );
      outcomes.push(outcomeOf(error));
    }
    expect(outcomes).toEqual(Array(RUNS).fill("PROCESS_EXITED 1: error: unknown option '--no-such-flag'"));
    expect(rig.fake.requests).toEqual([]);
  });
});
