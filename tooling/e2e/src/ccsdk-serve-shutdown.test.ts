import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DirectConnectTransport } from '@ccsdk/direct-connect';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '@ccsdk/direct-connect-server';
import { query } from '@ccsdk/sdk';
import { isMessagesRequest, locateClaudeCodeBinary, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';

const require = createRequire(import.meta.url);
const CCSDK_DIR = join(require.resolve('@ccsdk/cli/package.json'), '..');
/** The built `ccsdk` bin (turbo builds it before the e2e tests); from source through tsx when absent. */
const CCSDK_BUILT = join(CCSDK_DIR, 'dist', 'main.js');
const TSX_LOADER = pathToFileURL(require.resolve('tsx')).href;

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

interface Served {
  child: ChildProcess;
  httpUrl: string;
  url: string;
  token: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `ccsdk serve` as a user would: the app's bin in its own process, the token in the env. */
async function startServe(r: Rig): Promise<Served> {
  const token = 'serve-shutdown-token-0123456789';
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, ...r.env }))
    if (value !== undefined) env[name] = value;
  env['CCSDK_SERVE_TOKEN'] = token;
  const entry = existsSync(CCSDK_BUILT)
    ? [CCSDK_BUILT]
    : ['--conditions=@ccsdk/source', '--import', TSX_LOADER, join(CCSDK_DIR, 'src', 'main.ts')];
  const args = ['serve', '--port', '0', '--root', r.sandbox.cwd, '--claude', locateClaudeCodeBinary()];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: r.sandbox.cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) resolve(out.split('\n')[0] as string);
    });
    void exited.then(({ code }) => reject(new Error(`ccsdk serve exited with ${code}: ${log}`)));
  });
  const { host } = new URL(url.replace(/^cc:/, 'http:'));
  return { child, httpUrl: `http://${host}`, url, token, exited };
}

async function createSession(served: Served, cwd: string): Promise<string> {
  const response = await fetch(`${served.httpUrl}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
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
async function terminate(served: Served) {
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
