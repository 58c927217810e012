import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitizePath } from '@ccsdk/session-jsonl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './in-memory-session-store.js';
import {
  archiveSession,
  deleteSession,
  forkSession,
  renameSession,
  tagSession,
} from './session-mutations.js';
import {
  getSessionInfo,
  getSessionMessages,
  getSubagentMessages,
  getSubagentMetadata,
  listSessions,
  listSubagents,
} from './session-readers.js';
import { notImplemented } from './store-probe.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
let dir: string;
let projectKey: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-store-api-')));
  projectKey = sanitizePath(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function conversation(sessionId: string, prompt: string): SessionStoreEntry[] {
  const u = {
    type: 'user',
    uuid: `${sessionId.slice(0, 8)}-u`,
    parentUuid: null,
    sessionId,
    timestamp: '2026-01-01T00:00:00.000Z',
    message: { role: 'user', content: prompt },
  };
  const a = {
    type: 'assistant',
    uuid: `${sessionId.slice(0, 8)}-a`,
    parentUuid: u.uuid,
    sessionId,
    timestamp: '2026-01-01T00:00:05.000Z',
    message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
  };
  return [u, a];
}

async function seeded(): Promise<InMemorySessionStore> {
  const store = new InMemorySessionStore();
  await store.append({ projectKey, sessionId: A }, conversation(A, 'First session'));
  await store.append({ projectKey, sessionId: B }, conversation(B, 'Second session'));
  return store;
}

/** Records calls to see what a reader asked the store for. */
function counting(inner: SessionStore): SessionStore & { loads: number } {
  const wrapper = {
    loads: 0,
    append: (k: Parameters<SessionStore['append']>[0], e: SessionStoreEntry[]) => inner.append(k, e),
    load: (k: Parameters<SessionStore['load']>[0]) => {
      wrapper.loads++;
      return inner.load(k);
    },
    listSessions: (p: string) => inner.listSessions!(p),
  };
  return wrapper;
}

describe('store-backed listing', () => {
  it('should read limit and offset as the disk readers do (issue 13): fractions round, negatives mean none', async () => {
    const store = await seeded();
    const ids = async (extra: object) =>
      (await listSessions({ sessionStore: store, dir, ...extra })).map((r) => r.sessionId);
    expect(await ids({ limit: 0.5 })).toEqual([B]);
    expect(await ids({ limit: -1, offset: -2 })).toEqual([B, A]);
    expect(await ids({ offset: 0.5 })).toEqual([A]);
    const messages = async (extra: object) =>
      (await getSessionMessages(A, { sessionStore: store, dir, ...extra })).map((m) => m.type);
    expect(await messages({ offset: 0.5, limit: 1.6 })).toEqual(['user', 'assistant']);
    expect(await messages({ limit: 0.5 })).toEqual([]);
    // The text of a number counts as the number, as the official SDK reads it.
    expect(await ids({ limit: '1' })).toEqual([B]);
    await expect(
      listSessions({ sessionStore: store, dir, limit: 'one' as unknown as number }),
    ).rejects.toThrow(TypeError);
  });

  it('should list newest first from summaries without loading any session', async () => {
    const store = await seeded();
    const spy: SessionStore = {
      append: (k, e) => store.append(k, e),
      load: () => Promise.reject(new Error('no load expected')),
      listSessions: (p) => store.listSessions(p),
      listSessionSummaries: (p) => store.listSessionSummaries(p),
    };
    const rows = await listSessions({ sessionStore: spy, dir });
    expect(rows.map((r) => [r.sessionId, r.summary, r.cwd])).toEqual([
      [B, 'Second session', dir],
      [A, 'First session', dir],
    ]);
  });

  it('should re-derive a stale summary and drop summaries of sessions no longer listed', async () => {
    const store = await seeded();
    const stale: SessionStore = {
      append: (k, e) => store.append(k, e),
      load: (k) => store.load(k),
      listSessions: async (p) =>
        (await store.listSessions(p))
          .filter((r) => r.sessionId === A)
          .map((r) => ({ ...r, mtime: r.mtime + 10 })),
      listSessionSummaries: async (p) =>
        (await store.listSessionSummaries(p)).map((s) => ({
          ...s,
          data: { firstPrompt: 'stale prompt', firstPromptLocked: true },
        })),
    };
    expect((await listSessions({ sessionStore: stale, dir })).map((r) => [r.sessionId, r.summary])).toEqual([
      [A, 'First session'],
    ]);
  });

  it('should load only as many sessions as the page needs', async () => {
    const store = new InMemorySessionStore();
    for (let i = 0; i < 100; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
      await store.append({ projectKey, sessionId: id }, conversation(id, `prompt ${i}`));
    }
    const spy = counting(store);
    const rows = await listSessions({ sessionStore: spy, dir, limit: 3, offset: 1 });
    expect(rows.map((r) => r.summary)).toEqual(['prompt 98', 'prompt 97', 'prompt 96']);
    expect(spy.loads).toBeLessThanOrEqual(32);
  });

  it('should normalize adapter mtimes (ISO strings, numeric strings) to epoch ms and sort by them', async () => {
    const store = await seeded();
    const odd: SessionStore = {
      append: (k, e) => store.append(k, e),
      load: (k) => store.load(k),
      listSessions: async () => [
        { sessionId: A, mtime: '2030-01-01T00:00:00.000Z' as unknown as number },
        { sessionId: B, mtime: '1900000000000' as unknown as number },
      ],
    };
    expect(
      (await listSessions({ sessionStore: odd, dir })).map((r) => [r.sessionId, r.lastModified]),
    ).toEqual([
      [B, 1_900_000_000_000],
      [A, Date.parse('2030-01-01T00:00:00.000Z')],
    ]);
  });

  it("should keep the store's order for equal mtimes, as the official SDK does (pages follow it)", async () => {
    const C = '33333333-3333-4333-8333-333333333333';
    const store = await seeded();
    await store.append({ projectKey, sessionId: C }, conversation(C, 'Third session'));
    // Observed on the official SDK 0.3.332 with a store listing a, c, b at one mtime: a, c, b.
    const tied: SessionStore = {
      append: (k, e) => store.append(k, e),
      load: (k) => store.load(k),
      listSessions: async () => [
        { sessionId: A, mtime: 5000 },
        { sessionId: C, mtime: 5000 },
        { sessionId: B, mtime: 5000 },
        { sessionId: '44444444-4444-4444-8444-444444444444', mtime: 9000 },
      ],
    };
    const ids = async (page: { offset?: number; limit?: number } = {}) =>
      (await listSessions({ sessionStore: tied, dir, ...page })).map((r) => r.sessionId);
    expect(await ids()).toEqual([A, C, B]);
    expect(await ids({ offset: 1, limit: 2 })).toEqual([C, B]);
  });

  it('should refuse a store that can list nothing, includeWorktrees: false and configDir', async () => {
    const minimal: SessionStore = { append: async () => undefined, load: async () => null };
    await expect(listSessions({ sessionStore: minimal, dir })).rejects.toMatchObject({
      code: 'UNSUPPORTED_BY_STORE',
    });
    const store = await seeded();
    await expect(listSessions({ sessionStore: store, dir, includeWorktrees: false })).rejects.toMatchObject({
      code: 'UNSUPPORTED_OPTION',
    });
    await expect(listSessions({ sessionStore: store, dir, configDir: '/x' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_OPTION',
    });
    await expect(listSessions({ sessionStore: { load: 1 } as never })).rejects.toThrow(TypeError);
  });

  it('should treat a listSessions that throws not-implemented as absent', async () => {
    const store = await seeded();
    const declining: SessionStore = {
      append: (k, e) => store.append(k, e),
      load: (k) => store.load(k),
      listSessions: async () => Promise.reject(notImplemented('listSessions')),
      listSessionSummaries: (p) => store.listSessionSummaries(p),
    };
    expect(await listSessions({ sessionStore: declining, dir })).toHaveLength(2);
  });
});

describe('store-backed info and messages', () => {
  it("should take lastModified from the listing, else the last entry's timestamp, else 0", async () => {
    const store = await seeded();
    const [listed] = (await store.listSessions(projectKey)).filter((r) => r.sessionId === A);
    expect((await getSessionInfo(A, { sessionStore: store, dir }))?.lastModified).toBe(listed?.mtime);
    const bare: SessionStore = { append: (k, e) => store.append(k, e), load: (k) => store.load(k) };
    expect((await getSessionInfo(A, { sessionStore: bare, dir }))?.lastModified).toBe(
      Date.parse('2026-01-01T00:00:05.000Z'),
    );
    const noTimes: SessionStore = {
      append: async () => undefined,
      load: async () => [{ type: 'user', message: { role: 'user', content: 'x' } }],
    };
    expect((await getSessionInfo(A, { sessionStore: noTimes, dir }))?.lastModified).toBe(0);
  });

  it('should return undefined and [] for unknown or invalid sessions', async () => {
    const store = await seeded();
    expect(
      await getSessionInfo('33333333-3333-4333-8333-333333333333', { sessionStore: store, dir }),
    ).toBeUndefined();
    expect(await getSessionInfo('not-a-uuid', { sessionStore: store, dir })).toBeUndefined();
    expect(await getSessionMessages('not-a-uuid', { sessionStore: store, dir })).toEqual([]);
    expect(await getSubagentMessages(A, '../x', { sessionStore: store, dir })).toEqual([]);
  });

  it('should need listSubkeys to list subagents, but read one by its direct subpath without it', async () => {
    const store = await seeded();
    await store.append({ projectKey, sessionId: A, subpath: 'subagents/agent-x1' }, [
      { type: 'agent_metadata', toolUseId: 'toolu_1' },
      ...conversation(A, 'sub task'),
    ]);
    const bare: SessionStore = { append: (k, e) => store.append(k, e), load: (k) => store.load(k) };
    await expect(listSubagents(A, { sessionStore: bare, dir })).rejects.toMatchObject({
      code: 'UNSUPPORTED_BY_STORE',
    });
    expect(await listSubagents(A, { sessionStore: store, dir })).toEqual(['x1']);
    const messages = await getSubagentMessages(A, 'x1', { sessionStore: bare, dir });
    expect(messages.map((m) => [m.type, m.parent_tool_use_id])).toEqual([
      ['user', 'toolu_1'],
      ['assistant', 'toolu_1'],
    ]);
  });

  it("should hand out messages and metadata the caller may change, leaving the store's frozen entries as they were", async () => {
    const store = await seeded();
    const sub = { projectKey, sessionId: A, subpath: 'subagents/agent-x1' };
    await store.append(sub, [
      { type: 'agent_metadata', toolUseId: 'toolu_1', detail: { tags: ['a'] } },
      { ...conversation(A, 'sub task')[0], origin: { kind: 'task' } } as SessionStoreEntry,
    ]);
    const before = { main: await store.load({ projectKey, sessionId: A }), sub: await store.load(sub) };
    const snapshot = JSON.stringify(before);

    const [first] = await getSessionMessages(A, { sessionStore: store, dir });
    (first!.message as { content: string }).content = 'changed by the caller';
    const [subFirst] = await getSubagentMessages(A, 'x1', { sessionStore: store, dir });
    (subFirst!.message as { content: string }).content = 'changed too';
    (subFirst!.origin as { kind: string }).kind = 'changed';
    const meta = (await getSubagentMetadata(A, 'x1', { sessionStore: store, dir })) as {
      detail: { tags: string[] };
    };
    meta.detail.tags.push('b');

    expect(
      JSON.stringify({ main: await store.load({ projectKey, sessionId: A }), sub: await store.load(sub) }),
    ).toBe(snapshot);
    expect((await getSessionMessages(A, { sessionStore: store, dir }))[0]!.message).toEqual({
      role: 'user',
      content: 'First session',
    });
  });
});

describe('store-backed mutations', () => {
  it('should append rename and tag entries with a uuid and a timestamp', async () => {
    const store = await seeded();
    await renameSession(A, '  New name  ', { sessionStore: store, dir });
    await tagSession(A, 'ur\u200bgent', { sessionStore: store, dir });
    const tail = store.getEntries({ projectKey, sessionId: A }).slice(-2);
    expect(tail).toMatchObject([
      { type: 'custom-title', customTitle: 'New name', sessionId: A },
      { type: 'tag', tag: 'urgent', sessionId: A },
    ]);
    for (const entry of tail) {
      expect(entry.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(Number.isNaN(Date.parse(entry.timestamp!))).toBe(false);
    }
    await tagSession(A, null, { sessionStore: store, dir });
    const info = await getSessionInfo(A, { sessionStore: store, dir });
    expect(info).toMatchObject({ customTitle: 'New name', summary: 'New name' });
    expect(info?.tag).toBeUndefined();
  });

  it('should refuse to rename or tag a session the store has never seen, creating nothing', async () => {
    const store = await seeded();
    const unknown = '44444444-4444-4444-8444-444444444444';
    await expect(renameSession(unknown, 'x', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    await expect(tagSession(unknown, 'x', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    expect(await store.load({ projectKey, sessionId: unknown })).toBeNull();
  });

  it('should ask a store with loadFrom whether a session exists from past its end, loading none of it', async () => {
    const inner = await seeded();
    const calls: string[] = [];
    const store = {
      append: (k: Parameters<SessionStore['append']>[0], e: SessionStoreEntry[]) => {
        calls.push(`append ${k.sessionId.slice(0, 1)}`);
        return inner.append(k, e);
      },
      load: (k: Parameters<SessionStore['load']>[0]) => {
        calls.push(`load ${k.sessionId.slice(0, 1)}`);
        return inner.load(k);
      },
      loadFrom: async (k: Parameters<SessionStore['load']>[0], from: number) => {
        calls.push(`loadFrom ${k.sessionId.slice(0, 1)} ${from}`);
        return (await inner.load(k))?.slice(from) ?? null;
      },
    };
    await renameSession(A, 'Renamed', { sessionStore: store, dir });
    await tagSession(A, 'blue', { sessionStore: store, dir });
    const unknown = '44444444-4444-4444-8444-444444444444';
    await expect(renameSession(unknown, 'x', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
    const past = Number.MAX_SAFE_INTEGER;
    expect(calls).toEqual([
      `loadFrom 1 ${past}`,
      'append 1',
      `loadFrom 1 ${past}`,
      'append 1',
      `loadFrom 4 ${past}`,
    ]);
    expect(inner.getEntries({ projectKey, sessionId: A }).slice(-2)).toMatchObject([
      { type: 'custom-title', customTitle: 'Renamed' },
      { type: 'tag', tag: 'blue' },
    ]);
  });

  it('should validate ids, titles and tags with typed errors', async () => {
    const store = await seeded();
    await expect(renameSession('nope', 'x', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'INVALID_SESSION_ID',
    });
    await expect(renameSession(A, '   ', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'INVALID_TITLE',
    });
    await expect(tagSession(A, '\u200b\ufeff', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'INVALID_TAG',
    });
    await expect(tagSession(A, 7 as never, { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'INVALID_TAG',
    });
    await expect(deleteSession('nope', { sessionStore: store, dir })).rejects.toMatchObject({
      code: 'INVALID_SESSION_ID',
    });
  });

  it('should delete with cascade through the store, and do nothing for a store without delete', async () => {
    const store = await seeded();
    await store.append({ projectKey, sessionId: A, subpath: 'subagents/agent-1' }, [{ type: 'x' }]);
    const appendOnly: SessionStore = { append: (k, e) => store.append(k, e), load: (k) => store.load(k) };
    await deleteSession(A, { sessionStore: appendOnly, dir });
    expect(await store.load({ projectKey, sessionId: A })).not.toBeNull();
    await deleteSession(A, { sessionStore: store, dir });
    expect(await store.load({ projectKey, sessionId: A })).toBeNull();
    expect(await store.listSubkeys({ projectKey, sessionId: A })).toEqual([]);
  });

  it('should refuse a store for archive and unarchive', async () => {
    const store = await seeded();
    await expect(archiveSession(A, { sessionStore: store })).rejects.toMatchObject({
      code: 'UNSUPPORTED_OPTION',
    });
  });
});

describe('store-backed fork', () => {
  it('should fork with fresh uuids, a remapped chain, forkedFrom and a default title', async () => {
    const store = await seeded();
    const { sessionId: forkId } = await forkSession(A, { sessionStore: store, dir });
    const forked = store.getEntries({ projectKey, sessionId: forkId });
    expect(forked.map((e) => e.type)).toEqual(['user', 'assistant', 'custom-title']);
    const [u, a, title] = forked as [SessionStoreEntry, SessionStoreEntry, SessionStoreEntry];
    expect(u.uuid).not.toBe(`${A.slice(0, 8)}-u`);
    expect(a['parentUuid']).toBe(u.uuid);
    expect(u['forkedFrom']).toEqual({ sessionId: A, messageUuid: `${A.slice(0, 8)}-u` });
    expect(u['sessionId']).toBe(forkId);
    expect(title['customTitle']).toBe('First session (fork)');
    const messages = await getSessionMessages(forkId, { sessionStore: store, dir });
    expect(messages.map((m) => m.message)).toEqual(
      (await getSessionMessages(A, { sessionStore: store, dir })).map((m) => m.message),
    );
  });

  it('should stamp requestSessionId, carry trailing state, default a blank title and cut before a final boundary (issue 13)', async () => {
    const store = new InMemorySessionStore();
    const S = '22222222-2222-4222-8222-222222222222';
    const u1 = '22222222-2222-4222-8222-000000000001';
    const a1 = '22222222-2222-4222-8222-000000000002';
    const boundary = '22222222-2222-4222-8222-000000000003';
    const from = { sessionId: '33333333-3333-4333-8333-333333333333', messageUuid: 'x' };
    await store.append({ projectKey, sessionId: S }, [
      { type: 'user', uuid: u1, parentUuid: null, sessionId: S, message: { role: 'user', content: 'hi' } },
      { type: 'atis-latch', atis: 'early', sessionId: S },
      {
        type: 'assistant',
        uuid: a1,
        parentUuid: u1,
        sessionId: S,
        forkedFrom: from,
        message: { id: 'm', role: 'assistant', content: [] },
      },
      {
        type: 'system',
        subtype: 'compact_boundary',
        uuid: boundary,
        parentUuid: null,
        logicalParentUuid: a1,
        sessionId: S,
      },
      { type: 'atis-latch', atis: 'late', sessionId: S },
      { type: 'tools-used', tools: ['Read'], sessionId: S },
      { type: 'relocated', relocatedCwd: '/moved', sessionId: S },
      { type: 'mode', mode: 'plan', sessionId: S },
      { type: 'custom-title', customTitle: 'Stored', sessionId: S },
    ]);
    const { sessionId } = await forkSession(S, {
      sessionStore: store,
      dir,
      title: ' ',
      upToMessageId: boundary,
    });
    const forked = store.getEntries({ projectKey, sessionId });
    expect(forked.map((e) => e.type)).toEqual([
      'user',
      'assistant',
      'atis-latch',
      'tools-used',
      'relocated',
      'custom-title',
    ]);
    expect(forked[1]?.['requestSessionId']).toBe(from.sessionId);
    expect(forked.slice(2, 5)).toEqual([
      { type: 'atis-latch', sessionId, atis: 'late' },
      { type: 'tools-used', sessionId, tools: ['Read'] },
      { type: 'relocated', sessionId, relocatedCwd: '/moved' },
    ]);
    expect(forked.at(-1)).toMatchObject({ customTitle: 'Stored (fork)' });
  });

  it.each<[string, SessionStoreEntry[], string]>([
    // Each case was run on the official SDK 0.3.332's store fork and gave the title expected here.
    [
      'an empty custom title passes over',
      [
        { type: 'custom-title', customTitle: 'Named' },
        { type: 'custom-title', customTitle: '' },
      ],
      'Named (fork)',
    ],
    [
      'an empty AI title passes over',
      [
        { type: 'ai-title', aiTitle: '' },
        { type: 'ai-title', aiTitle: 'Guessed' },
        { type: 'ai-title', aiTitle: '' },
      ],
      'Guessed (fork)',
    ],
    [
      'a title on an entry of another type counts',
      [{ type: 'user', customTitle: 'On a user entry' }],
      'On a user entry (fork)',
    ],
    [
      'a title of another type passes over',
      [
        { type: 'custom-title', customTitle: 'Named' },
        { type: 'custom-title', customTitle: 42 },
      ],
      'Named (fork)',
    ],
    [
      'a blank title counts',
      [
        { type: 'custom-title', customTitle: 'Named' },
        { type: 'custom-title', customTitle: '  ' },
      ],
      '   (fork)',
    ],
    [
      'an empty title alone leaves the first prompt',
      [{ type: 'custom-title', customTitle: '' }],
      'First session (fork)',
    ],
  ])(
    'should name a fork after its source, as the official store fork does: %s',
    async (_, titles, expected) => {
      const store = await seeded();
      await store.append(
        { projectKey, sessionId: A },
        titles.map((entry) => ({ ...entry, sessionId: A })),
      );
      const { sessionId } = await forkSession(A, { sessionStore: store, dir });
      expect(store.getEntries({ projectKey, sessionId }).at(-1)?.['customTitle']).toBe(expected);
    },
  );

  it('should fork up to a message, with an explicit title, and refuse bad requests', async () => {
    const store = await seeded();
    const { sessionId } = await forkSession(A, {
      sessionStore: store,
      dir,
      upToMessageId: undefined,
      title: 'Mine',
    });
    expect(store.getEntries({ projectKey, sessionId }).at(-1)).toMatchObject({ customTitle: 'Mine' });
    await expect(
      forkSession(A, { sessionStore: store, dir, upToMessageId: '55555555-5555-4555-8555-555555555555' }),
    ).rejects.toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    await expect(forkSession(A, { sessionStore: store, dir, upToMessageId: 'x' })).rejects.toMatchObject({
      code: 'INVALID_MESSAGE_ID',
    });
    await expect(
      forkSession('66666666-6666-4666-8666-666666666666', { sessionStore: store, dir }),
    ).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    const metaOnly = new InMemorySessionStore();
    await metaOnly.append({ projectKey, sessionId: A }, [{ type: 'custom-title', customTitle: 't' }]);
    await expect(forkSession(A, { sessionStore: metaOnly, dir })).rejects.toMatchObject({
      code: 'NOTHING_TO_FORK',
    });
  });
});
