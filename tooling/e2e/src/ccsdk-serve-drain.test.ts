import type { ChildProcess } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES, DirectConnectTransport } from '@ccsdk/direct-connect';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, DRAIN_CLOSE_REASON } from '@ccsdk/direct-connect-server';
import { isSDKAssistantMessage, isSDKResultMessage, isTextBlock, query, type SDKMessage } from '@ccsdk/sdk';
import { isMessagesRequest, type RecordedMessagesRequest, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import { type ServeProcess, startServeProcess } from './support/serve-process.js';

/** Turns running when SIGTERM comes. */
const SESSIONS = 20;
/** The drain timeout given to `ccsdk serve`: far past what the turns need, so none is cut by it. */
const DRAIN_TIMEOUT_MS = 60_000;
/** How long the scripted model holds a turn's reply when the test does not release it, in ms. */
const HOLD_LIMIT_MS = 120_000;
const TOKEN = 'serve-drain-token-0123456789abcdef';

let rig: Rig | undefined;
let server: ChildProcess | undefined;

afterEach(async () => {
  if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = undefined;
  if (rig !== undefined) {
    for (const { pid } of await findProcessesWithEnv(rig.processMarker)) process.kill(pid, 'SIGKILL');
    await rig.dispose();
    rig = undefined;
  }
});

async function get(served: ServeProcess, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${served.httpUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: response.status, body: await response.json() };
}

/**
 * How a query that failed after its result was ended: `close <code>` for a close code in the
 * error or its causes, else the error's `code` (`TRANSPORT_CLOSED`: the SDK ended its input
 * just as the server closed the socket).
 */
function endOf(error: unknown): string {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const closeCode = (e as { closeCode?: unknown }).closeCode;
    if (typeof closeCode === 'number') return `close ${closeCode}`;
  }
  return String((error as { code?: unknown }).code ?? error);
}

/** Every `<session id>.jsonl` under the sandbox's projects folder, by session id. */
async function transcripts(configDir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const projects = join(configDir, 'projects');
  for (const project of await readdir(projects).catch(() => [] as string[])) {
    for (const file of await readdir(join(projects, project)).catch(() => [] as string[])) {
      if (file.endsWith('.jsonl')) {
        found.set(file.slice(0, -'.jsonl'.length), await readFile(join(projects, project, file), 'utf8'));
      }
    }
  }
  return found;
}

describe('ccsdk serve drains on SIGTERM, through the built app and the real CLI', () => {
  it(`should report not ready first, refuse new sessions, let ${SESSIONS} running turns finish whole, and exit 0`, {
    timeout: 240_000,
  }, async () => {
    let arrived = 0;
    let allArrived!: () => void;
    const everyoneInTurn = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const script = async (request: RecordedMessagesRequest) => {
      const marker = /session-(\d+)/.exec(request.lastUserText)?.[1];
      // Side requests (a title, say) are answered at once; each session's main turn is held.
      if (!request.isMain || !request.hasTools || marker === undefined) return reply(text('ok'));
      arrived += 1;
      if (arrived === SESSIONS) allArrived();
      await Promise.race([released, new Promise((resolve) => setTimeout(resolve, HOLD_LIMIT_MS))]);
      return reply(text(`Answer for session ${marker}.`));
    };
    rig = await startRig({ script });
    const served = await startServeProcess(rig, TOKEN, [
      '--max-sessions',
      String(SESSIONS + 5),
      '--drain-timeout',
      String(DRAIN_TIMEOUT_MS),
    ]);
    server = served.child;
    const failures: string[] = [];
    const runs = Array.from({ length: SESSIONS }, async (_, i) => {
      const transport = new DirectConnectTransport({
        url: served.url,
        cwd: rig?.sandbox.cwd ?? '.',
        openTimeoutMs: 90_000,
      });
      const messages: SDKMessage[] = [];
      try {
        for await (const message of query({
          prompt: `Answer, session-${i}`,
          options: { transport, initializeTimeoutMs: 120_000 },
        })) {
          messages.push(message);
        }
      } catch (error) {
        // A session the drain ends after its result must end the client's iteration cleanly.
        failures.push(endOf(error));
      }
      return messages;
    });
    await Promise.race([
      everyoneInTurn,
      served.exited.then(() => {
        throw new Error(`ccsdk serve exited early: ${served.stderr()}`);
      }),
    ]);
    expect(await get(served, '/readyz')).toEqual({
      status: 200,
      body: { ready: true, sessions: SESSIONS, max_sessions: SESSIONS + 5 },
    });

    served.child.kill('SIGTERM');
    let ready = await get(served, '/readyz');
    while (ready.status === 200) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ready = await get(served, '/readyz');
    }
    expect(ready).toMatchObject({ status: 503, body: { ready: false, reasons: ['draining'] } });
    const refused = await fetch(`${served.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd: rig.sandbox.cwd }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({ error: { code: 'draining' } });
    // Every turn is still held by the model: nothing may have ended yet.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await get(served, '/health')).body).toMatchObject({ status: 'draining', sessions: SESSIONS });

    release();
    const results = await Promise.all(runs);
    const exit = await served.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    const sessionIds: string[] = [];
    results.forEach((messages, i) => {
      const texts = messages.flatMap((m) =>
        isSDKAssistantMessage(m) ? m.message.content.filter(isTextBlock).map((b) => b.text) : [],
      );
      expect(texts).toContain(`Answer for session ${i}.`);
      const result = messages.find(isSDKResultMessage);
      expect(result?.subtype).toBe('success');
      sessionIds.push(String(result?.session_id));
    });
    // The server closed the socket after the result (1001), sometimes while the SDK's end of input
    // was on its way: nothing was lost, so no client sees an error.
    expect(failures).toEqual([]);

    const onDisk = await transcripts(rig.sandbox.configDir);
    sessionIds.forEach((id, i) => {
      const transcript = onDisk.get(id) ?? '';
      expect(transcript).toContain(`session-${i}`);
      expect(transcript).toContain(`Answer for session ${i}.`);
    });

    const entries = served
      .stderr()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((e) => e['event'] === 'server.drain_started')).toMatchObject({
      sessions: SESSIONS,
      inTurn: SESSIONS,
    });
    expect(entries.find((e) => e['event'] === 'server.drain_finished')).toMatchObject({
      sessions: SESSIONS,
      inTurn: SESSIONS,
      timedOut: 0,
    });
    // Each session ended once: by the drain after its result (1001 'server draining'), or, when
    // the SDK's end of input reached the CLI first, by the CLI's own exit (1000).
    const ended = entries.filter((e) => e['event'] === 'session.ended');
    expect(ended).toHaveLength(SESSIONS);
    for (const entry of ended) {
      expect([
        [DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, DRAIN_CLOSE_REASON],
        [DIRECT_CONNECT_CLOSE_CODES.NORMAL, 'session ended'],
      ]).toContainEqual([entry['closeCode'], entry['reason']]);
    }
    expect(ended.some((e) => e['reason'] === DRAIN_CLOSE_REASON)).toBe(true);
    console.info(
      `drain e2e: ${ended.filter((e) => e['reason'] === DRAIN_CLOSE_REASON).length} sessions ended by the drain, ` +
        `client ends ${JSON.stringify(failures)}, drain ${JSON.stringify(entries.find((e) => e['event'] === 'server.drain_finished'))}`,
    );
    expect(served.stderr()).not.toContain(TOKEN);
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 5_000)).toEqual([]);
  });

  it('should end a turn at once on a second SIGTERM during the drain, leave no CLI process, and exit 0', {
    timeout: 120_000,
  }, async () => {
    rig = await startRig({ script: [{ ...reply(text('a slow answer')), delayMs: 60_000 }] });
    const served = await startServeProcess(rig, TOKEN, ['--drain-timeout', String(DRAIN_TIMEOUT_MS)]);
    server = served.child;
    const run = query({
      prompt: 'take your time',
      options: { transport: new DirectConnectTransport({ url: served.url, cwd: rig.sandbox.cwd }) },
    });
    const drained = (async () => {
      for await (const _message of run) {
        // until the server ends the session
      }
    })().catch((error: unknown) => endOf(error));
    await rig.fake.waitForRequest((request) => isMessagesRequest(request) && request.isMain, 60_000);
    served.child.kill('SIGTERM');
    while ((await get(served, '/readyz')).status === 200) await new Promise((r) => setTimeout(r, 10));
    const began = Date.now();
    served.child.kill('SIGTERM');
    expect(await served.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - began).toBeLessThan(DEFAULT_SHUTDOWN_TIMEOUT_MS + 5_000);
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 2_000)).toEqual([]);
    expect(await drained).toBe(`close ${DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY}`);
    const events = served
      .stderr()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { event: string }).event);
    expect(events).toEqual(expect.arrayContaining(['server.drain_started', 'server.drain_forced']));
    expect(events.indexOf('server.drain_forced')).toBeLessThan(events.indexOf('server.shutdown_finished'));
  });
});
