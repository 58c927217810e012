import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isSDKResultMessage, isSDKSystemInitMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { InMemorySessionStore } from '@ccsdk/session-store';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';

const rigs: DirectConnectRig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.dispose()));
});

describe('session store mirroring over Direct Connect', () => {
  it('should mirror a session to the store before its result, so that another server resumes it', async () => {
    const store = new InMemorySessionStore();
    const first = await startDirectConnectRig(
      { script: [reply(text('First answer.'))] },
      { sessionStore: store },
    );
    rigs.push(first);
    const projectKey = await projectKeyForDirectory(first.rig.sandbox.cwd);
    const messages: SDKMessage[] = [];
    let storedAtResult = '';
    for await (const message of query({
      prompt: 'Remember marker-mirror-1',
      options: { transport: first.transport() },
    })) {
      messages.push(message);
      if (isSDKResultMessage(message)) {
        // The server flushed the mirror before forwarding the result line.
        storedAtResult = JSON.stringify(await store.load({ projectKey, sessionId: message.session_id }));
      }
    }
    const sessionId = String(messages.find(isSDKSystemInitMessage)?.session_id);
    expect(isSDKResultMessage(messages.at(-1))).toBe(true);
    expect(storedAtResult).toContain('marker-mirror-1');
    expect(storedAtResult).toContain('First answer.');

    // A second server: same working folder, its own config dir (so nothing local to resume from).
    const second = await startDirectConnectRig({ script: [reply(text('Second answer.'))] }, (r) => ({
      sessionStore: store,
      roots: [first.rig.sandbox.cwd],
      cli: { env: { ...r.env, CLAUDE_CONFIG_DIR: join(r.sandbox.root, 'other-config') } },
    }));
    rigs.push(second);
    await mkdir(join(second.rig.sandbox.root, 'other-config'), { recursive: true });
    const created = await fetch(`${second.server.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${second.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cwd: first.rig.sandbox.cwd, resume: sessionId, session_key: 'resumed' }),
    });
    expect(created.status).toBe(201);
    const transport = second.transport({ cwd: first.rig.sandbox.cwd, sessionKey: 'resumed' });
    const resumed: SDKMessage[] = [];
    for await (const message of query({ prompt: 'And now marker-mirror-2', options: { transport } })) {
      resumed.push(message);
    }
    expect(isSDKResultMessage(resumed.at(-1))).toBe(true);
    const request = second.rig.fake.mainRequests().at(-1);
    expect(JSON.stringify(request?.body)).toContain('marker-mirror-1');
    expect(request?.lastUserText).toContain('marker-mirror-2');
    // The resumed CLI wrote into a private config dir; its frames still reach the store.
    const resumedId = String(resumed.find(isSDKResultMessage)?.session_id);
    const storedAfter = JSON.stringify(await store.load({ projectKey, sessionId: resumedId }));
    expect(storedAfter).toContain('marker-mirror-2');
    expect(storedAfter).toContain('Second answer.');
    expect(second.logs.some((entry) => entry.event === 'mirror.append_failed')).toBe(false);
  });

  it('should answer 404 to a resume the store does not hold', async () => {
    const dc = await startDirectConnectRig({ script: [] }, { sessionStore: new InMemorySessionStore() });
    rigs.push(dc);
    const answer = await fetch(`${dc.server.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resume: '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11' }),
    });
    expect(answer.status).toBe(404);
  });
});
