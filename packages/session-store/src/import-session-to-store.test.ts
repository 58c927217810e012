import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SessionJsonlWarning, sanitizePath } from '@ccsdk/session-jsonl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importSessionToStore } from './import-session-to-store.js';
import { InMemorySessionStore } from './in-memory-session-store.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';

const SID = '11111111-1111-4111-8111-111111111111';
let root: string;
let configDir: string;
let projectDir: string;
let folder: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-import-')));
  configDir = join(root, 'config');
  projectDir = join(root, 'project');
  await mkdir(projectDir);
  folder = join(configDir, 'projects', sanitizePath(projectDir));
  await mkdir(folder, { recursive: true });
});
afterEach(() => rm(root, { recursive: true, force: true }));

class RecordingStore implements SessionStore {
  readonly calls: { key: SessionKey; entries: SessionStoreEntry[] }[] = [];
  constructor(private readonly failOnCall?: number) {}
  async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    if (this.calls.length + 1 === this.failOnCall) throw new Error('store down');
    this.calls.push({ key, entries });
  }
  async load(): Promise<null> {
    return null;
  }
}

const line = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type: 'user', uuid: `u${n}`, n, ...extra });
const main = (lines: string[]) => writeFile(join(folder, `${SID}.jsonl`), `${lines.join('\n')}\n`);
const run = (store: SessionStore, options: Parameters<typeof importSessionToStore>[2] = {}) =>
  importSessionToStore(SID, store, { configDir, dir: projectDir, onWarning: () => undefined, ...options });

describe('importSessionToStore batching', () => {
  it('should append in batches of 500 by default, in order, under the project key of dir', async () => {
    await main(Array.from({ length: 1201 }, (_, i) => line(i)));
    const store = new RecordingStore();
    await run(store);
    expect(store.calls.map((c) => c.entries.length)).toEqual([500, 500, 201]);
    expect(store.calls[0]?.key).toEqual({ projectKey: sanitizePath(projectDir), sessionId: SID });
    expect(store.calls.flatMap((c) => c.entries.map((e) => e['n']))).toEqual(
      Array.from({ length: 1201 }, (_, i) => i),
    );
  });

  it('should honour a positive batchSize and fall back to 500 for a non-positive one', async () => {
    await main(Array.from({ length: 7 }, (_, i) => line(i)));
    const small = new RecordingStore();
    await run(small, { batchSize: 3 });
    expect(small.calls.map((c) => c.entries.length)).toEqual([3, 3, 1]);
    const fallback = new RecordingStore();
    await run(fallback, { batchSize: 0 });
    expect(fallback.calls.map((c) => c.entries.length)).toEqual([7]);
    await expect(run(new RecordingStore(), { batchSize: 1.5 })).rejects.toThrow(TypeError);
    await expect(run(new RecordingStore(), { batchSize: '3' as never })).rejects.toThrow(TypeError);
  });

  it('should cut a batch at about 1 MiB of line text, and read a longer line whole', async () => {
    const pad = (n: number) => line(n, { pad: 'x'.repeat(300_000) });
    await main([pad(0), pad(1), pad(2), pad(3), pad(4), line(5, { pad: 'y'.repeat(2_500_000) }), line(6)]);
    const store = new RecordingStore();
    await run(store);
    expect(store.calls.map((c) => c.entries.map((e) => e['n']))).toEqual([[0, 1, 2, 3], [4, 5], [6]]);
  });

  it('should skip blank and malformed lines with warnings and forward every parsed value, primitives included', async () => {
    await writeFile(
      join(folder, `${SID}.jsonl`),
      `${line(0)}\r\n\n   \n{"type":"user","uuid":"cut\n42\n"text"\n${line(1)}\n{"truncated":`,
    );
    const warnings: SessionJsonlWarning[] = [];
    const store = new RecordingStore();
    await run(store, { onWarning: (w) => warnings.push(w) });
    expect(store.calls.flatMap((c) => c.entries)).toEqual([
      { type: 'user', uuid: 'u0', n: 0 },
      42,
      'text',
      { type: 'user', uuid: 'u1', n: 1 },
    ]);
    expect(warnings.map((w) => [w.code, w.byteOffset])).toEqual([
      ['MALFORMED_LINE', 40],
      ['MALFORMED_LINE', 111],
    ]);
  });

  it('should decode invalid UTF-8 inside a line as U+FFFD', async () => {
    await writeFile(
      join(folder, `${SID}.jsonl`),
      Buffer.concat([Buffer.from('{"type":"user","t":"a'), Buffer.from([0xff]), Buffer.from('b"}\n')]),
    );
    const store = new RecordingStore();
    await run(store);
    expect(store.calls[0]?.entries[0]).toEqual({ type: 'user', t: 'a\ufffdb' });
  });

  it('should stop at the first store error and leave the earlier batches in place', async () => {
    await main(Array.from({ length: 5 }, (_, i) => line(i)));
    const store = new RecordingStore(2);
    await expect(run(store, { batchSize: 2 })).rejects.toThrow('store down');
    expect(store.calls.map((c) => c.entries.length)).toEqual([2]);
  });
});

describe('importSessionToStore subagents', () => {
  beforeEach(async () => {
    await main([line(0)]);
    const sub = join(folder, SID, 'subagents');
    await mkdir(join(sub, 'workflows', 'r1'), { recursive: true });
    await writeFile(join(sub, 'agent-a1.jsonl'), `${line(10)}\n${line(11)}\n`);
    await writeFile(
      join(sub, 'agent-a1.meta.json'),
      JSON.stringify({ toolUseId: 'toolu_1', agentType: 'general-purpose' }),
    );
    await writeFile(join(sub, 'workflows', 'r1', 'agent-b2.jsonl'), `${line(20)}\n`);
    await writeFile(
      join(sub, 'workflows', 'r1', 'agent-b2.meta.json'),
      JSON.stringify({ type: 'custom', parentAgentId: 'a1' }),
    );
    await writeFile(join(sub, 'agent-c3.jsonl'), `${line(30)}\n`);
    await writeFile(join(sub, 'agent-c3.meta.json'), '{ not json');
    await writeFile(join(root, 'outside.jsonl'), `${line(99)}\n`);
    await symlink(join(root, 'outside.jsonl'), join(sub, 'agent-linked.jsonl'));
  });

  it('should import each subagent transcript, then its sidecar as agent_metadata (a sidecar type wins)', async () => {
    const store = new RecordingStore();
    const warnings: SessionJsonlWarning[] = [];
    await run(store, { onWarning: (w) => warnings.push(w) });
    expect(
      store.calls.map((c) => [c.key.subpath ?? '(main)', c.entries.map((e) => e['n'] ?? e.type)]),
    ).toEqual([
      ['(main)', [0]],
      ['subagents/agent-a1', [10, 11]],
      ['subagents/agent-a1', ['agent_metadata']],
      ['subagents/agent-c3', [30]],
      ['subagents/workflows/r1/agent-b2', [20]],
      ['subagents/workflows/r1/agent-b2', ['custom']],
    ]);
    expect(store.calls[2]?.entries[0]).toEqual({
      type: 'agent_metadata',
      toolUseId: 'toolu_1',
      agentType: 'general-purpose',
    });
    expect(warnings.map((w) => w.code)).toEqual(['UNREADABLE_FILE']);
  });

  it.each<[string, string, Record<string, unknown>, number]>([
    // Each as the official SDK 0.3.332 imports it: the parsed value spread into the entry.
    ['null', 'null', { type: 'agent_metadata' }, 1],
    ['a number', '42', { type: 'agent_metadata' }, 1],
    ['a boolean', 'true', { type: 'agent_metadata' }, 1],
    ['a string', '"ab"', { 0: 'a', 1: 'b', type: 'agent_metadata' }, 1],
    ['an array', '["x"]', { 0: 'x', type: 'agent_metadata' }, 0],
  ])(
    'should import a sidecar that is JSON %s as the official does (warned when not an object)',
    async (_, text, entry, warned) => {
      await writeFile(join(folder, SID, 'subagents', 'agent-c3.meta.json'), text);
      const store = new RecordingStore();
      const warnings: SessionJsonlWarning[] = [];
      await run(store, { onWarning: (w) => warnings.push(w) });
      const c3 = store.calls.filter((c) => c.key.subpath === 'subagents/agent-c3');
      expect(c3.map((c) => c.entries)).toEqual([[expect.objectContaining({ n: 30 })], [entry]]);
      expect(warnings.filter((w) => w.message.includes('is not a JSON object'))).toHaveLength(warned);
    },
  );

  it('should import the main transcript only with includeSubagents: false', async () => {
    const store = new RecordingStore();
    await run(store, { includeSubagents: false });
    expect(store.calls).toHaveLength(1);
  });

  it('should make the imported session readable through a real store', async () => {
    const store = new InMemorySessionStore();
    await run(store);
    expect(await store.listSubkeys({ projectKey: sanitizePath(projectDir), sessionId: SID })).toEqual([
      'subagents/agent-a1',
      'subagents/agent-c3',
      'subagents/workflows/r1/agent-b2',
    ]);
  });
});

describe('importSessionToStore into InMemorySessionStore (parsed entries kept, frozen)', () => {
  const lines = [
    '  {"type":"user","uuid":"u1","text":"caf\\u00e9","n":1.50}  ',
    '{"type":"assistant","uuid":"u2","nested":{"list":[1,{"deep":true}]},"dup":1,"dup":2}',
    '"a bare string"',
    '{"type":"user","uuid":"u3","customTitle":"Kept title","timestamp":"2026-01-01T00:00:00.000Z"}',
  ];
  const key = () => ({ projectKey: sanitizePath(projectDir), sessionId: SID });

  it('should load what append of the parsed lines would, and summarize the same', async () => {
    await main(lines);
    const imported = new InMemorySessionStore();
    await run(imported);
    const appended = new InMemorySessionStore();
    await appended.append(key(), lines.map((text) => JSON.parse(text)) as SessionStoreEntry[]);
    expect(await imported.load(key())).toEqual(await appended.load(key()));
    expect(await imported.load(key())).toEqual(lines.map((text) => JSON.parse(text)));
    const summaryOf = async (store: InMemorySessionStore) =>
      (await store.listSessionSummaries(key().projectKey)).map(({ mtime: _mtime, ...rest }) => rest);
    expect(await summaryOf(imported)).toEqual(await summaryOf(appended));
    expect((await summaryOf(imported))[0]).toMatchObject({ sessionId: SID });
  });

  it('should hand out frozen entries: a change to a loaded entry throws and the stored one stays as imported', async () => {
    await main(lines);
    const store = new InMemorySessionStore();
    await run(store);
    const [, second] = (await store.load(key())) as unknown as { nested: { list: unknown[] } }[];
    expect(() => second?.nested.list.push('mutated')).toThrow(TypeError);
    expect(await store.load(key())).toEqual(lines.map((text) => JSON.parse(text)));
  });

  it('should load lines with characters past ASCII and invalid UTF-8 as the decoded lines parse', async () => {
    const bodies = [
      Buffer.from('{"type":"user","uuid":"w1","text":"caf\u00e9 \u2713 \u{1f600} done"}'),
      Buffer.concat([
        Buffer.from('{"type":"user","uuid":"w2","t":"a'),
        Buffer.from([0xff, 0xc3]),
        Buffer.from('b"}'),
      ]),
      Buffer.from(`{"type":"assistant","uuid":"w3","big":"${'\u2500'.repeat(70_000)}"}`),
      Buffer.from('{"type":"user","uuid":"w4","plain":"ascii only"}'),
    ];
    await writeFile(
      join(folder, `${SID}.jsonl`),
      Buffer.concat(bodies.flatMap((body) => [body, Buffer.from('\n')])),
    );
    const store = new InMemorySessionStore();
    await run(store);
    const expected = bodies.map((body) => JSON.parse(body.toString('utf8')));
    expect(expected[1]).toEqual({ type: 'user', uuid: 'w2', t: 'a\ufffd\ufffdb' });
    const loaded = (await store.load(key())) as unknown as Record<string, unknown>[];
    expect(loaded).toEqual(expected);
    expect(() => {
      loaded[0]!['text'] = 'changed';
    }).toThrow(TypeError);
    expect(await store.load(key())).toEqual(expected);
  });

  it("should call a subclass's own append, which the fast path would bypass", async () => {
    await main(lines);
    class CountingStore extends InMemorySessionStore {
      appended = 0;
      override async append(k: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
        this.appended += entries.length;
        await super.append(k, entries);
      }
    }
    const store = new CountingStore();
    await run(store);
    expect(store.appended).toBe(lines.length);
    expect(await store.load(key())).toEqual(lines.map((text) => JSON.parse(text)));
  });
});

describe('importSessionToStore errors', () => {
  it('should refuse a non-UUID id and report a session that is not on disk', async () => {
    await expect(importSessionToStore('../etc', new RecordingStore())).rejects.toMatchObject({
      code: 'INVALID_SESSION_ID',
    });
    await expect(run(new RecordingStore())).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await writeFile(join(folder, `${SID}.jsonl`), '');
    await expect(run(new RecordingStore())).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });

  it('should refuse something that is not a store', async () => {
    await expect(importSessionToStore(SID, {} as never)).rejects.toThrow(TypeError);
  });
});
