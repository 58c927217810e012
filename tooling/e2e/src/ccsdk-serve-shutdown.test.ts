import type { ChildProcess } from 'node:child_process';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '@ccsdk/direct-connect-server';
import { query } from '@ccsdk/sdk';
import { isMessagesRequest, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import { type ServeProcess, startServeProcess } from './support/serve-process.js';

const TOKEN = 'serve-shutdown-token-0123456789';

/** Slack on top of the documented bound for a loaded 2-core machine, in ms. */
const EXIT_SLACK_MS = 5_000;

let rig: Rig | undefined;
let server: ChildProcess | undefined;

afterEach(async () => {
  if (server?.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  server = undefined;
  if (rig !== undefined) {
    // Whatever a failed test left behind, by pid (never by name).
    for (const { pid } of await findProcessesWithEnv(rig.processMarker)) process.kill(pid, 'SIGKILL');
    await rig.dispose();
    rig = undefined;
  }
});

/** Starts `ccsdk serve` with `--drain-timeout 0`. */
async function startServe(r: Rig): Promise<ServeProcess> {
  // `--drain-timeout 0`: this file is about the shutdown itself (sessions end at once, no CLI left);
  // a drain that lets running turns finish first is ccsdk-serve-drain.test.ts.
  const served = await startServeProcess(r, TOKEN, ['--drain-timeout', '0']);
  server = served.child;
  return served;
}

async function createSession(served: ServeProcess, cwd: string): Promise<string> {
  const response = await fetch(`${served.httpUrl}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cwd }),
  });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { session_id: string }).session_id);
}

/** Polls the process table until `count` processes carry the marker. */
async function waitForProcesses(marker: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while ((await findProcessesWithEnv(marker)).length < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} CLI processes after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends SIGTERM and resolves with how the server exited, or `undefined` past the bound. */
async function terminate(served: ServeProcess) {
  served.child.kill('SIGTERM');
  const bound = new Promise<undefined>((resolve) =>
    setTimeout(() => resolve(undefined), DEFAULT_SHUTDOWN_TIMEOUT_MS + EXIT_SLACK_MS).unref(),
  );
  return Promise.race([served.exited, bound]);
}

describe('ccsdk serve on SIGTERM, through the built app and the real CLI', () => {
  it('should end a session no client ever attached to, leave no CLI process, and exit 0', async () => {
    rig = await startRig({ script: [reply(text('never asked'))] });
    const served = await startServe(rig);
    await createSession(served, rig.sandbox.cwd);
    await waitForProcesses(rig.processMarker, 1);
    expect(await terminate(served)).toEqual({ code: 0, signal: null });
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 2_000)).toEqual([]);
  });

  it('should end an attached session mid-turn and an unattached one together, then exit 0', async () => {
    rig = await startRig({ script: [{ ...reply(text('a slow answer')), delayMs: 60_000 }] });
    const served = await startServe(rig);
    await createSession(served, rig.sandbox.cwd);
    const run = query({
      prompt: 'take your time',
      options: { transport: new DirectConnectTransport({ url: served.url, cwd: rig.sandbox.cwd }) },
    });
    const drained = (async () => {
      for await (const _message of run) {
        // until the server ends the session
      }
    })().catch((error: unknown) => error);
    await rig.fake.waitForRequest((request) => isMessagesRequest(request) && request.isMain, 60_000);
    await waitForProcesses(rig.processMarker, 2);
    expect(await terminate(served)).toEqual({ code: 0, signal: null });
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 2_000)).toEqual([]);
    await drained;
  });
});
