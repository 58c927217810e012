import type { SDKMessage } from '@ccsdk/control-protocol';
import { InMemorySessionStore, type SessionKey, type SessionStore } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';

const CONFIG_DIR = '/tmp/ccsdk-mirror-test/config';
const SESSION_ID = '0b7c2a64-7e55-4c43-a0c2-8f7d2a1c9e11';
const KEY: SessionKey = { projectKey: '-work-app', sessionId: SESSION_ID };
const FILE = `${CONFIG_DIR}/projects/-work-app/${SESSION_ID}.jsonl`;

function entry(n: number): Record<string, unknown> {
  return { type: 'user', uuid: `00000000-0000-4000-8000-00000000000${n}`, sessionId: SESSION_ID, n };
}

describe('query() with a sessionStore', () => {
  it('should append mirrored entries to the store before the result is yielded', async () => {
    const store = new InMemorySessionStore();
    const transport = new FakeCliTransport();
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        transport.emit({ type: 'transcript_mirror', filePath: FILE, entries: [entry(1), entry(2)] });
        transport.emit({
          type: 'result',
          subtype: 'success',
          is_error: false,
          result: 'ok',
          session_id: SESSION_ID,
        });
      });
    const run = query({
      prompt: 'hi',
      options: { transport, sessionStore: store, env: { CLAUDE_CONFIG_DIR: CONFIG_DIR } },
    });
    let loadedAtResult: unknown[] | null = null;
    for await (const message of run) {
      if (message.type === 'result') {
        loadedAtResult = await store.load(KEY);
        break;
      }
    }
    expect(loadedAtResult).toEqual([entry(1), entry(2)]);
  });

  it('should yield a mirror_error and keep going when the store keeps failing', async () => {
    const failing: SessionStore = {
      append: async () => {
        throw new Error('store down');
      },
      load: async () => null,
    };
    const transport = new FakeCliTransport();
    void transport
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        transport.emit({ type: 'transcript_mirror', filePath: FILE, entries: [entry(1)] });
        transport.emit({
          type: 'result',
          subtype: 'success',
          is_error: false,
          result: 'ok',
          session_id: SESSION_ID,
        });
        transport.finish({});
      });
    const messages: SDKMessage[] = [];
    for await (const message of query({
      prompt: 'hi',
      options: { transport, sessionStore: failing, env: { CLAUDE_CONFIG_DIR: CONFIG_DIR } },
    })) {
      messages.push(message);
    }
    const types = messages.map((m) => `${m.type}/${String((m as { subtype?: unknown }).subtype)}`);
    expect(types).toEqual(['system/mirror_error', 'result/success']);
    expect(messages[0]).toMatchObject({ key: KEY, session_id: SESSION_ID });
  });

  it('should refuse sessionStore with persistSession: false, and a store without append/load', () => {
    const transport = new FakeCliTransport();
    expect(() =>
      query({
        prompt: 'hi',
        options: { transport, sessionStore: new InMemorySessionStore(), persistSession: false },
      }),
    ).toThrow(/persistSession/);
    expect(() =>
      query({
        prompt: 'hi',
        options: { transport, sessionStore: { append: async () => {} } as unknown as SessionStore },
      }),
    ).toThrow(/SessionStore/);
  });
});
