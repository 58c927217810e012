import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { MirrorKey, SessionMirrorStore } from '@ccsdk/direct-connect-server';
import { isSDKResultMessage, isSDKSystemInitMessage, query, type SDKMessage } from '@ccsdk/sdk';
import { reply, text } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';

/** A session store in memory: entries by key, in append order. */
class MapStore implements SessionMirrorStore {
  readonly entries = new Map<string, Record<string, unknown>[]>();
  async append(key: MirrorKey, entries: Record<string, unknown>[]): Promise<void> {
    const id = this.#id(key);
    this.entries.set(id, [...(this.entries.get(id) ?? []), ...entries]);
  }
  async load(key: MirrorKey): Promise<Record<string, unknown>[] | null> {
    return this.entries.get(this.#id(key)) ?? null;
  }
  #id(key: MirrorKey): string {
    return `${key.projectKey}/${key.sessionId}/${key.subpath ?? ''}`;
  }
}

const rigs: DirectConnectRig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.dispose()));
});

async function collect(iterable: AsyncIterable<SDKMessage>): Promise<SDKMessage[]> {
  const out: SDKMessage[] = [];
  for await (const message of iterable) out.push(message);
  return out;
}

describe('session store mirroring over Direct Connect', () => {
  it('should mirror a session to the store so that another server resumes it', async () => {
    const store = new MapStore();
    const first = await startDirectConnectRig(
      { script: [reply(text('First answer.'))] },
      { sessionStore: store },
    );
    rigs.push(first);
    const messages = await collect(
      query({ prompt: 'Remember marker-mirror-1', options: { transport: first.transport() } }),
    );
    const sessionId = String(messages.find(isSDKSystemInitMessage)?.session_id);
    expect(isSDKResultMessage(messages.at(-1))).toBe(true);
    const keys = [...store.entries.keys()];
    expect(keys.some((k) => k.includes(`/${sessionId}/`))).toBe(true);
    const mirrored = JSON.stringify([...store.entries.values()]);
    expect(mirrored).toContain('marker-mirror-1');
    expect(mirrored).toContain('First answer.');

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
    const resumed = await collect(query({ prompt: 'And now marker-mirror-2', options: { transport } }));
    expect(isSDKResultMessage(resumed.at(-1))).toBe(true);
    const request = second.rig.fake.mainRequests().at(-1);
    expect(JSON.stringify(request?.body)).toContain('marker-mirror-1');
    expect(request?.lastUserText).toContain('marker-mirror-2');
  });

  it('should answer 404 to a resume the store does not hold', async () => {
    const dc = await startDirectConnectRig({ script: [] }, { sessionStore: new MapStore() });
    rigs.push(dc);
    const answer = await fetch(`${dc.server.httpUrl}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dc.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ resume: '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11' }),
    });
    expect(answer.status).toBe(404);
  });
});
