import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { DirectConnectError, DirectConnectTransport } from '@ccsdk/direct-connect';
import { query, type SDKMessage } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { findProcessesWithEnv } from './support/process-table.js';

let dc: DirectConnectRig | undefined;
afterEach(async () => {
  await dc?.dispose();
  dc = undefined;
});

async function failure(run: AsyncIterable<SDKMessage>): Promise<DirectConnectError> {
  try {
    for await (const _message of run) {
      // drain
    }
  } catch (error) {
    if (DirectConnectError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the query did not fail');
}

/** Sends a raw WebSocket upgrade and resolves with the HTTP status (101 when accepted). */
function upgradeStatus(url: string, token: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': randomBytes(16).toString('base64'),
    };
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
    const req = request(url.replace(/^ws/, 'http'), { headers, agent: false });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('upgrade', (_res, socket) => {
      socket.destroy();
      resolve(101);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('Direct Connect authentication and roots, through our server and the real CLI', () => {
  it('should answer 401 to a wrong or missing token and spawn nothing', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('never'))] });
    const wrong = new DirectConnectTransport({
      url: `cc://127.0.0.1:${dc.server.port}/not-the-token-at-all`,
      cwd: dc.rig.sandbox.cwd,
    });
    const error = await failure(query({ prompt: 'hi', options: { transport: wrong } }));
    expect(error).toMatchObject({ code: 'SESSION_CREATE_REJECTED', status: 401 });
    const missing = new DirectConnectTransport({
      url: `cc://127.0.0.1:${dc.server.port}`,
      cwd: dc.rig.sandbox.cwd,
    });
    expect(await failure(query({ prompt: 'hi', options: { transport: missing } }))).toMatchObject({
      status: 401,
    });
    expect(await findProcessesWithEnv(dc.rig.processMarker)).toEqual([]);
    expect(dc.logs.filter((e) => e.event === 'auth.rejected')).toHaveLength(2);
  });

  it('should refuse the WebSocket upgrade of a live session without the right token', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('never'))] });
    const created = await fetch(`${dc.server.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd: dc.rig.sandbox.cwd }),
    });
    const { ws_url } = (await created.json()) as { ws_url: string };
    expect(await upgradeStatus(ws_url, 'not-the-token-at-all')).toBe(401);
    expect(await upgradeStatus(ws_url, undefined)).toBe(401);
    expect(await upgradeStatus(ws_url, dc.token)).toBe(101);
  });

  it('should answer 403 to a cwd outside the roots', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('never'))] });
    const outside = dc.transport({ cwd: tmpdir() });
    const error = await failure(query({ prompt: 'hi', options: { transport: outside } }));
    expect(error).toMatchObject({ code: 'SESSION_CREATE_REJECTED', status: 403 });
    expect(error.message).toContain('cwd_outside_roots');
    expect(await findProcessesWithEnv(dc.rig.processMarker)).toEqual([]);
  });
});
