import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rig, startRig } from './support/rig.js';

/** Turns before the first heap census: long enough for the code to be warm. */
const WARMUP_TURNS = 60;
/** Turns between the two censuses. */
const MEASURED_TURNS = 300;
/**
 * JavaScript values that may be alive at the end and not after the warm-up without anything being
 * retained per turn: the last turn's prompt and ids, the snapshot's path and the like (6 to 34 in
 * runs here; 101 once, on a loaded machine and before the query's queue let go of read messages,
 * with an init message's skill names twice). A value held per turn grows the census by
 * MEASURED_TURNS or more: a listener left on the abort signal per control request grew it by 411
 * over 200 turns, answered request ids kept by 812, the query's queue keeping the messages its slow
 * reader had already taken (as it did before this check existed) by 280 objects alone.
 */
const ALLOWED_GROWN_VALUES = MEASURED_TURNS / 2;

interface ChildReport {
  counts: Record<string, number>;
  failures: string[];
  heapUsed: { warm: number; end: number };
  measuredTurns: number;
  grownValues: number;
  topGrowth: Array<{ kind: string; growth: number }>;
}

let rig: Rig | undefined;
let snapshotDir: string | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
  if (snapshotDir !== undefined) await rm(snapshotDir, { recursive: true, force: true });
  snapshotDir = undefined;
});

/** Room for the child's report and, when it fails, its stderr. */
const CHILD_OUTPUT_MAX_BYTES = 16 * 1024 * 1024;
const execFileAsync = promisify(execFile);
/**
 * The child that drives the session: tooling/bench's, which `long-session.bench.ts` also runs
 * against the official SDK (plain node, the built SDK, its heap its own).
 */
const LONG_SESSION_CHILD = fileURLToPath(new URL('../../bench/src/long-session-child.mjs', import.meta.url));

/** Runs the long-session child on our SDK and parses its report (a failed child rejects with its stderr). */
async function runLongSession(r: Rig, dir: string): Promise<ChildReport> {
  const turns = String(WARMUP_TURNS + MEASURED_TURNS);
  const { stdout } = await execFileAsync(
    process.execPath,
    ['--expose-gc', LONG_SESSION_CHILD, 'ours', turns, String(WARMUP_TURNS), dir],
    {
      env: {
        ...process.env,
        CCSDK_LONG_SESSION_ENV: JSON.stringify(r.env),
        CCSDK_LONG_SESSION_CWD: r.sandbox.cwd,
      },
      maxBuffer: CHILD_OUTPUT_MAX_BYTES,
    },
  );
  return JSON.parse(stdout) as ChildReport;
}

describe('a long session through the real CLI: the host keeps nothing per turn', () => {
  it(`retains no JavaScript values across ${MEASURED_TURNS} turns of tools, permissions, hooks, mirroring, control requests and a slow reader`, async () => {
    rig = await startRig({
      script: (request) =>
        request.toolResults.length > 0
          ? { content: [text('The sum is 3.')] }
          : { content: [toolUse('mcp__calc__add', { a: 1, b: 2 })] },
    });
    snapshotDir = await mkdtemp(join(tmpdir(), 'ccsdk-heap-'));
    const report = await runLongSession(rig, snapshotDir);
    const turns = WARMUP_TURNS + MEASURED_TURNS;

    // Every turn ran the whole path: a tool call asked for, seen by both hooks, mirrored.
    expect(report.failures).toEqual([]);
    expect(report.counts).toMatchObject({
      results: turns,
      toolCalls: turns,
      permissionAsks: turns,
      preToolUse: turns,
      postToolUse: turns,
      warnings: 0,
    });
    expect(report.counts['storeAppends']).toBeGreaterThan(0);
    // The kinds that grew are in the message when the check fails.
    expect(report.grownValues, `grown kinds: ${JSON.stringify(report.topGrowth)}`).toBeLessThanOrEqual(
      ALLOWED_GROWN_VALUES,
    );
  }, 240_000);
});
