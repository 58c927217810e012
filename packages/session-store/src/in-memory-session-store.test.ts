import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './in-memory-session-store.js';

const key = { projectKey: 'p', sessionId: '11111111-1111-4111-8111-111111111111' };
const sub = { ...key, subpath: 'subagents/agent-a' };

describe('InMemorySessionStore', () => {
  it('should keep a copy of what the caller passed and hand out frozen entries that refuse changes', async () => {
    const store = new InMemorySessionStore();
    const entry = { type: 'user', uuid: 'u1', message: { content: 'hi' } };
    await store.append(key, [entry]);
    entry.message.content = 'changed';
    const loaded = await store.load(key);
    expect(loaded).toEqual([{ type: 'user', uuid: 'u1', message: { content: 'hi' } }]);
    expect(() => {
      (loaded![0]!['message'] as { content: string }).content = 'again';
    }).toThrow(TypeError);
    expect(() => {
      loaded![0]!['extra'] = true;
    }).toThrow(TypeError);
    expect(store.getEntries(key)[0]).toEqual({ type: 'user', uuid: 'u1', message: { content: 'hi' } });
  });

  it('should keep nested objects and arrays apart from what the caller passed and got back', async () => {
    const store = new InMemorySessionStore();
    const nested = { type: 'assistant', uuid: 'n1', message: { content: [{ type: 'text', text: 'a' }] } };
    await store.append(key, [nested]);
    nested.message.content[0]!.text = 'passed-in changed';
    nested.message.content.push({ type: 'text', text: 'pushed' });
    const first = await store.load(key);
    const blocks = (first![0]!['message'] as { content: { text: string }[] }).content;
    expect(() => {
      blocks[0]!.text = 'got-back changed';
    }).toThrow(TypeError);
    expect(() => blocks.push({ text: 'pushed' })).toThrow(TypeError);
    expect(() => {
      blocks.length = 0;
    }).toThrow(TypeError);
    expect(() => {
      first!.length = 0;
    }).toThrow(TypeError);
    const second = await store.load(key);
    expect(second).toEqual([
      { type: 'assistant', uuid: 'n1', message: { content: [{ type: 'text', text: 'a' }] } },
    ]);
    expect(store.getEntries(key)).toEqual(second);
  });

  it('should hand out its own frozen array, the same one each load while nothing is appended (no copy to pay)', async () => {
    const store = new InMemorySessionStore();
    await store.append(key, [
      { type: 'user', uuid: 'a' },
      { type: 'user', uuid: 'b' },
    ]);
    const first = await store.load(key);
    const second = await store.load(key);
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => first!.reverse()).toThrow(TypeError);
    expect(() => first!.sort()).toThrow(TypeError);
    expect(() => first!.push({ type: 'user', uuid: 'c' })).toThrow(TypeError);
    expect(() => first!.splice(0, 1)).toThrow(TypeError);
    expect((await store.load(key))!.map((entry) => entry['uuid'])).toEqual(['a', 'b']);
    // A copy is the caller's to reorder.
    const copy = [...first!].reverse();
    expect(copy.map((entry) => entry['uuid'])).toEqual(['b', 'a']);
    expect(structuredClone(second)).toEqual(second);
  });

  it('should append onto a copy of an array a load handed out, so what was loaded never changes', async () => {
    const store = new InMemorySessionStore();
    const sub = { ...key, subpath: 'subagents/agent-a' };
    for (const target of [key, sub]) {
      await store.append(target, [{ type: 'user', uuid: 'a' }]);
      const before = await store.load(target);
      await store.append(target, [{ type: 'user', uuid: 'b' }]);
      await store.append(target, [{ type: 'user', uuid: 'c' }]);
      const after = await store.load(target);
      expect(before!.map((entry) => entry['uuid'])).toEqual(['a']);
      expect(after).not.toBe(before);
      expect(after!.map((entry) => entry['uuid'])).toEqual(['a', 'b', 'c']);
      expect(after![0]).toBe(before![0]);
      expect(Object.isFrozen(after)).toBe(true);
      expect(store.getEntries(target)).toEqual(after);
      expect(Object.isFrozen(store.getEntries(target))).toBe(false);
    }
  });

  it('should give back entries with characters past ASCII as they were, and keep them apart from callers', async () => {
    const store = new InMemorySessionStore();
    const entry = {
      type: 'user',
      uuid: 'w1',
      message: { content: `caf\u00e9 \u2713 done \u{1f600} ${'x'.repeat(5000)} \ud800 lone` },
    };
    const expected = JSON.parse(JSON.stringify(entry));
    await store.append(key, [entry, { type: 'ascii', uuid: 'a1' }]);
    entry.message.content = 'changed';
    const loaded = await store.load(key);
    expect(loaded).toEqual([expected, { type: 'ascii', uuid: 'a1' }]);
    expect(() => {
      (loaded![0]!['message'] as { content: string }).content = 'changed after load';
    }).toThrow(TypeError);
    expect((await store.load(key))![0]).toEqual(expected);
  });

  it('should load any JSON value appended, whatever its characters, as JSON gives it back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 3 })), {
          minLength: 1,
          maxLength: 6,
        }),
        async (entries) => {
          const store = new InMemorySessionStore();
          await store.append(key, entries as never);
          expect(await store.load(key)).toEqual(JSON.parse(JSON.stringify(entries)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('should refuse an entry that has no JSON text and store nothing of its batch', async () => {
    const store = new InMemorySessionStore();
    const cyclic: { type: string; self?: unknown } = { type: 'x' };
    cyclic.self = cyclic;
    await expect(store.append(key, [{ type: 'ok' }, undefined as never])).rejects.toThrow(TypeError);
    await expect(store.append(key, [cyclic])).rejects.toThrow(TypeError);
    expect(await store.load(key)).toBeNull();
  });

  it('should stamp strictly increasing mtimes even within one millisecond', async () => {
    const store = new InMemorySessionStore();
    const ids = Array.from(
      { length: 20 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const sessionId of ids) await store.append({ projectKey: 'p', sessionId }, [{ type: 'x' }]);
    const mtimes = (await store.listSessions('p')).map((row) => row.mtime);
    expect(new Set(mtimes).size).toBe(20);
    expect([...mtimes].sort((a, b) => a - b)).toEqual(mtimes);
  });

  it('should treat an empty subpath as the main transcript on append, load and delete', async () => {
    const store = new InMemorySessionStore();
    await store.append({ ...key, subpath: '' }, [{ type: 'x', uuid: 'a' }]);
    expect(await store.load(key)).toEqual([{ type: 'x', uuid: 'a' }]);
    expect(await store.listSubkeys(key)).toEqual([]);
    expect((await store.listSessionSummaries('p')).map((s) => s.sessionId)).toEqual([key.sessionId]);
  });

  it('should not list a session that only has subagent entries, but keep them loadable', async () => {
    const store = new InMemorySessionStore();
    await store.append(sub, [{ type: 'x' }]);
    expect(await store.listSessions('p')).toEqual([]);
    expect(await store.load(sub)).toEqual([{ type: 'x' }]);
    expect(store.size).toBe(0);
  });

  it('should keep a folded summary in step with the main transcript', async () => {
    const store = new InMemorySessionStore();
    await store.append(key, [
      {
        type: 'user',
        uuid: 'u',
        timestamp: '2026-01-01T00:00:00.000Z',
        message: { role: 'user', content: 'Fix the bug' },
      },
    ]);
    await store.append(key, [{ type: 'custom-title', customTitle: 'Bug hunt' }]);
    const [summary] = await store.listSessionSummaries('p');
    const [listed] = await store.listSessions('p');
    expect(summary?.mtime).toBe(listed?.mtime);
    expect(summary?.data).toMatchObject({
      firstPrompt: 'Fix the bug',
      customTitle: 'Bug hunt',
      createdAt: Date.parse('2026-01-01T00:00:00.000Z'),
    });
  });

  it('should offer size, getEntries and clear as test helpers', async () => {
    const store = new InMemorySessionStore();
    await store.append(key, [{ type: 'x' }]);
    await store.append({ ...key, projectKey: 'q' }, [{ type: 'x' }]);
    await store.append(sub, [{ type: 'y' }]);
    expect(store.size).toBe(2);
    expect(store.getEntries(sub)).toEqual([{ type: 'y' }]);
    expect(store.getEntries({ ...key, sessionId: 'none' })).toEqual([]);
    store.clear();
    expect(store.size).toBe(0);
    expect(await store.load(key)).toBeNull();
  });

  it('should refuse a malformed key and non-array entries with typed errors', async () => {
    const store = new InMemorySessionStore();
    await expect(store.append({ projectKey: '', sessionId: 's' }, [])).rejects.toMatchObject({
      code: 'INVALID_KEY',
    });
    await expect(store.load({ projectKey: 'p' } as never)).rejects.toMatchObject({ code: 'INVALID_KEY' });
    await expect(store.append(key, 'nope' as never)).rejects.toThrow(TypeError);
  });
});
