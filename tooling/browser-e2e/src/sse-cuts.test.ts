import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Reply, reply, text, toolUse } from '@ccsdk/testing';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { disconnectBrowser } from './support/browser-page.js';
import { compareWithLog, permissionAnswerCounts } from './support/delivery-check.js';
import { readEventLog } from './support/event-log.js';
import { resultSubtypes } from './support/sdk-messages.js';
import { runSeed, seededRandom } from './support/seeded-random.js';
import { type SseWorld, STREAM_REQUEST, startSseWorld } from './support/sse-session.js';

/** Connection cuts in the run: the number. */
const CUTS = 20;
/** Turns of the session, each a Bash call the page must allow, then a text (~16 KB of stream each). */
const TURNS = 10;
/**
 * Most cuts made while a permission prompt waits. Each needs a prompt still to come: even when every
 * byte cut comes first and takes the most bytes (14 x 4 KB, under 4 turns), 6 turns are left.
 */
const MAX_PERMISSION_CUTS = 6;
/** Share of the cuts drawn to happen while a permission prompt waits. */
const PERMISSION_CUT_SHARE = 0.3;
/** Fewest and most bytes of the server's stream let through before a byte cut (one turn is ~10-30 KB). */
const CUT_BYTES = { min: 1, max: 4_000 } as const;

/** One cut of the schedule. */
type Cut = { kind: 'bytes'; bytes: number } | { kind: 'permission' };

function schedule(random: () => number): Cut[] {
  const cuts: Cut[] = [];
  let permissionCuts = 0;
  for (let i = 0; i < CUTS; i += 1) {
    if (random() < PERMISSION_CUT_SHARE && permissionCuts < MAX_PERMISSION_CUTS) {
      permissionCuts += 1;
      cuts.push({ kind: 'permission' });
    } else {
      cuts.push({
        kind: 'bytes',
        bytes: CUT_BYTES.min + Math.floor(random() * (CUT_BYTES.max - CUT_BYTES.min)),
      });
    }
  }
  return cuts;
}

function script(): Reply[] {
  return Array.from({ length: TURNS }, (_, i) => [
    reply(toolUse('Bash', { command: `echo turn-${i + 1} >> runs.txt`, description: `turn ${i + 1}` })),
    reply(text(`Turn ${i + 1} appended its line.`)),
  ]).flat();
}

let world: SseWorld | undefined;
afterEach(async () => {
  await world?.dispose();
  world = undefined;
});
afterAll(disconnectBrowser);

describe('20 random cuts of the SSE stream in Chromium, some while a permission prompt waits', () => {
  it('loses no message, repeats none, and answers each permission prompt once', async () => {
    const seed = runSeed();
    const cuts = schedule(seededRandom(seed));
    console.log(`seed ${seed} (replay with CCSDK_BROWSER_E2E_SEED=${seed}): ${JSON.stringify(cuts)}`);
    world = await startSseWorld(script());
    const { proxy, page, rig } = world;

    // A permission cut waits for the next prompt: the page awaits this before it answers.
    let atPrompt: (() => void) | undefined;
    await page.exposeFunction('browserE2ePermissionAsked', async () => {
      if (atPrompt === undefined) return;
      proxy.cutAll();
      atPrompt();
      atPrompt = undefined;
    });

    const started = Date.now();
    await page.evaluate(
      (s) => window.browserE2e.start(s),
      world.spec({ prompts: Array.from({ length: TURNS }, (_, i) => `Turn ${i + 1}`) }),
    );
    const outcome = page.evaluate(() => window.browserE2e.outcome());
    const over = outcome.then(() => 'over' as const);
    const made: Cut[] = [];
    for (const cut of cuts) {
      const done =
        cut.kind === 'bytes'
          ? proxy.cutAfter(cut.bytes, STREAM_REQUEST)
          : new Promise<void>((resolve) => {
              atPrompt = resolve;
            });
      if ((await Promise.race([done.then(() => 'cut' as const), over])) === 'over') break;
      made.push(cut);
    }
    const result = await outcome;
    const seconds = (Date.now() - started) / 1000;

    const log = await readEventLog(rig.server.httpUrl, rig.token, world.session.sessionId);
    const report = compareWithLog(result.messages, log);
    const answers = permissionAnswerCounts(log);
    const runs = (await readFile(join(rig.sandbox.cwd, 'runs.txt'), 'utf8')).trim().split('\n');
    const streams = rig.logs.filter((entry) => entry.event === 'sse.stream_opened').length;
    console.log(
      `seed ${seed}: ${made.length} cuts made (${made.filter((c) => c.kind === 'permission').length} at a permission prompt), ` +
        `${streams} streams opened, ${proxy.stats().connections} connections, ${proxy.stats().downBytes} bytes down, ` +
        `${log.length} durable events, ${report.expected} assistant/result messages, ${seconds.toFixed(1)} s`,
    );

    const context = `seed ${seed}`;
    expect(result.error, context).toBeUndefined();
    expect(made, context).toHaveLength(CUTS);
    expect(report, context).toEqual({ lost: [], duplicated: [], inOrder: true, expected: report.expected });
    expect(resultSubtypes(result.messages), context).toEqual(Array(TURNS).fill('success'));
    expect(result.asks, context).toHaveLength(TURNS);
    expect([...answers.values()], context).toEqual(Array(TURNS).fill(1));
    expect(runs, context).toEqual(Array.from({ length: TURNS }, (_, i) => `turn-${i + 1}`));
  }, 300_000);
});
