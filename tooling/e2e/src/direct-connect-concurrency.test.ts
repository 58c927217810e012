import { getPriority } from 'node:os';
import { CLI_NICENESS } from '@ccsdk/direct-connect-server';
import { isSDKAssistantMessage, isSDKResultMessage, isTextBlock, query, type SDKMessage } from '@ccsdk/sdk';
import { type RecordedMessagesRequest, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';

/** Sessions run at once. */
const SESSIONS = 50;

/** How long the scripted model waits for every session to be in its turn, in ms. */
const BARRIER_TIMEOUT_MS = 200_000;

/**
 * CLIs of the burst that must be running at the lowered priority when all are in their turn. A CLI
 * spawned while one per core is still starting is lowered, so in a burst of 50 nearly all are (48
 * measured); the first few, and any spawned after earlier ones finished starting, keep the server's.
 */
const LOWERED_AT_LEAST = 40;

/**
 * The WebSocket open timeout of each client, in ms. With the burst lowered an upgrade waits about
 * 3 s (8 s at most with the other core busy; 21 s before issue 22's fix): the margin is for a CI
 * machine busier still. That the fix is in place is asserted on its own (LOWERED_AT_LEAST).
 */
const OPEN_TIMEOUT_MS = 45_000;

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

describe('Direct Connect under load, through our server and the real CLI', () => {
  it(`should run ${SESSIONS} concurrent sessions to completion and leave no CLI after shutdown`, {
    timeout: 300_000,
  }, async () => {
    let arrived = 0;
    let releaseAll!: () => void;
    const everyoneArrived = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    let aliveAtBarrier = 0;
    let liveSessionsAtBarrier = 0;
    let loweredAtBarrier = 0;
    // Each turn is held until all sessions are in theirs, so all of them are alive at once.
    const script = async (request: RecordedMessagesRequest) => {
      arrived += 1;
      if (arrived === SESSIONS) {
        const alive = await findProcessesWithEnv(dc?.rig.processMarker ?? '');
        aliveAtBarrier = alive.length;
        loweredAtBarrier = alive.filter(({ pid }) => nicenessOf(pid) >= CLI_NICENESS).length;
        liveSessionsAtBarrier = dc?.server.sessions().length ?? 0;
        releaseAll();
      }
      await Promise.race([
        everyoneArrived,
        new Promise((resolve) => setTimeout(resolve, BARRIER_TIMEOUT_MS)),
      ]);
      const marker = /session-(\d+)/.exec(request.lastUserText)?.[1] ?? 'unknown';
      return reply(text(`Answer for session ${marker}.`));
    };
    dc = await startDirectConnectRig({ script }, { maxSessions: SESSIONS });
    const rigNow = dc;

    const runs = Array.from({ length: SESSIONS }, async (_, i) => {
      const messages: SDKMessage[] = [];
      for await (const message of query({
        prompt: `Answer, session-${i}`,
        // A CLI spawned while one per core is still starting runs at a lower CPU priority, so 50
        // starting at once on 2 cores no longer starve the server's event loop (issue 22). The
        // CLIs' own start-up still takes long: hence the wide initialize timeout.
        options: {
          transport: rigNow.transport({ openTimeoutMs: OPEN_TIMEOUT_MS }),
          initializeTimeoutMs: 240_000,
        },
      })) {
        messages.push(message);
      }
      return messages;
    });
    const results = await Promise.all(runs);

    expect(arrived).toBe(SESSIONS);
    expect(liveSessionsAtBarrier).toBe(SESSIONS);
    expect(aliveAtBarrier).toBeGreaterThanOrEqual(SESSIONS);
    expect(loweredAtBarrier).toBeGreaterThanOrEqual(LOWERED_AT_LEAST);
    results.forEach((messages, i) => {
      const texts = messages.flatMap((m) =>
        isSDKAssistantMessage(m) ? m.message.content.filter(isTextBlock).map((b) => b.text) : [],
      );
      expect(texts).toContain(`Answer for session ${i}.`);
      const last = messages.at(-1);
      expect(isSDKResultMessage(last) && last.subtype).toBe('success');
    });
    expect(dc.logs.filter((entry) => entry.event === 'session.created')).toHaveLength(SESSIONS);

    await dc.server.close();
    expect(await waitForNoProcessesWithEnv(dc.rig.processMarker, 30_000)).toEqual([]);
    expect(dc.server.sessions()).toEqual([]);
  });
});

/** The niceness of a process's main thread, or -Infinity once it is gone. */
function nicenessOf(pid: number): number {
  try {
    return getPriority(pid);
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
}
