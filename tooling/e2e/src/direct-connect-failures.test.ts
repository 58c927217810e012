import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectConnectError, DirectConnectTransport } from '@ccsdk/direct-connect';
import { isSDKAssistantMessage, isSDKResultMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { isMessagesRequest, locateClaudeCodeBinary, reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { findProcessesWithEnv, waitForNoProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';
import { startServeProcess } from './support/serve-process.js';

const GARBAGE_LINE = 'this line is not JSON {';

let dc: DirectConnectRig | undefined;
let rig: Rig | undefined;
let child: ChildProcess | undefined;
let wrapperDir: string | undefined;

afterEach(async () => {
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = undefined;
  if (rig !== undefined) {
    // A server killed with SIGKILL cannot stop its CLI; end the ones this test started, by pid.
    for (const { pid } of await findProcessesWithEnv(rig.processMarker)) process.kill(pid, 'SIGKILL');
    expect(await waitForNoProcessesWithEnv(rig.processMarker, 5_000)).toEqual([]);
    await rig.dispose();
    rig = undefined;
  }
  await dc?.dispose();
  dc = undefined;
  if (wrapperDir !== undefined) await rm(wrapperDir, { recursive: true, force: true });
  wrapperDir = undefined;
});

/**
 * A stand-in executable for the CLI: prints one line that is not JSON on stdout, then becomes the
 * real CLI. The line travels the real path: the raw-line transport, the bridge, the socket.
 */
async function garbageFirstCli(dir: string): Promise<string> {
  const script = join(dir, 'claude-with-garbage.sh');
  const claude = locateClaudeCodeBinary();
  await writeFile(script, `#!/bin/sh\nprintf '%s\\n' '${GARBAGE_LINE}'\nexec '${claude}' "$@"\n`, {
    mode: 0o755,
  });
  return script;
}

describe('Direct Connect failures, through our server and the real CLI', () => {
  it('should drop a malformed line from the server with a warning and finish the session', async () => {
    wrapperDir = await mkdtemp(join(tmpdir(), 'ccsdk-e2e-garbage-'));
    const cli = await garbageFirstCli(wrapperDir);
    dc = await startDirectConnectRig({ script: [reply(text('Still here.'))] }, (r) => ({
      cli: { env: r.env, pathToClaudeCodeExecutable: cli },
    }));
    const warnings: Error[] = [];
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'hi',
      options: { transport: dc.transport(), onWarning: (w) => warnings.push(w) },
    })) {
      messages.push(message);
    }
    expect(warnings).toContainEqual(expect.objectContaining({ code: 'MALFORMED_LINE' }));
    expect(messages.some(isSDKAssistantMessage)).toBe(true);
    expect(isSDKResultMessage(messages.at(-1))).toBe(true);
  });

  it('should reject the query promptly with a DirectConnectError when the server is killed mid-turn', async () => {
    rig = await startRig({ script: [{ ...reply(text('too late')), delayMs: 20_000 }] });
    const token = 'kill-test-token-0123456789';
    const served = await startServeProcess(rig, token);
    child = served.child;
    const { url } = served;
    expect(url).toMatch(/^cc:\/\/127\.0\.0\.1:\d+\//);
    const transport = new DirectConnectTransport({ url, cwd: rig.sandbox.cwd });
    const run = query({ prompt: 'take your time', options: { transport } });
    const outcome = (async () => {
      for await (const _message of run) {
        // drain until the transport fails
      }
    })().then(
      () => undefined,
      (error: unknown) => error,
    );
    await rig.fake.waitForRequest((request) => isMessagesRequest(request) && request.isMain, 60_000);
    const killedAt = Date.now();
    child?.kill('SIGKILL');
    const error = await outcome;
    const elapsedMs = Date.now() - killedAt;
    expect(DirectConnectError.isInstance(error)).toBe(true);
    expect(['SOCKET_ERROR', 'ABNORMAL_CLOSE']).toContain((error as DirectConnectError).code);
    // "Promptly": a hang would last until the 20 s reply or the 90 s test timeout.
    expect(elapsedMs).toBeLessThan(10_000);
  });
});
