import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisSessionStore } from './redis-session-store.js';
import { freshPrefix, useRedis } from './test-prefix.test-helpers.js';

const shared = useRedis();

const hostileString = fc.string({ unit: 'binary', maxLength: 40 });
const entryArbitrary = fc.record({
  type: hostileString,
  uuid: fc.option(hostileString, { nil: undefined }),
  body: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
});

describe('RedisSessionStore with hostile input', () => {
  it('should load back deep-equal any JSON entries, NUL, lone surrogates and odd keys included', async () => {
    const store = shared.open();
    await fc.assert(
      fc.asyncProperty(fc.array(entryArbitrary, { minLength: 1, maxLength: 8 }), async (raw) => {
        const key = {
          projectKey: 'hostile \u2029 ☃',
          sessionId: randomUUID(),
          subpath: 'subagents/a\u2028b',
        };
        const batch = raw.map((entry) => ({ ...entry.body, type: entry.type, uuid: entry.uuid }));
        // Only the first entry of a uuid is kept: what a retried batch needs.
        const seen = new Set<string>();
        const expected = batch.filter((entry) => {
          if (typeof entry.uuid !== 'string') return true;
          const fresh = !seen.has(entry.uuid);
          seen.add(entry.uuid);
          return fresh;
        });
        await store.append(key, batch);
        expect(await store.load(key)).toEqual(JSON.parse(JSON.stringify(expected)));
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('should keep uuids that differ only in a lone surrogate or a NUL apart', async () => {
    const store = shared.open();
    const key = { projectKey: 'p', sessionId: randomUUID() };
    const uuids = ['a\ud800', 'a\udc00', 'a\ufffd', 'a\u0000', '"a\\u0000"', 'a'];
    await store.append(
      key,
      uuids.map((uuid) => ({ type: 'x', uuid })),
    );
    await store.append(
      key,
      uuids.map((uuid) => ({ type: 'x', uuid })),
    );
    expect((await store.load(key))?.map((entry) => entry.uuid)).toEqual(uuids);
  });

  it('should refuse a malformed batch with INVALID_ENTRY and write none of it', async () => {
    const store = shared.open();
    const key = { projectKey: 'p', sessionId: randomUUID() };
    const circular: Record<string, unknown> = { type: 'x' };
    circular['self'] = circular;
    for (const bad of [
      [{ type: 'x' }, null],
      [{ type: 'x' }, [1]],
      [{ notype: 1 }],
      [circular],
      [{ type: 'x', n: 1n }],
    ]) {
      const error = await store.append(key, bad as never).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'RedisSessionStoreError', code: 'INVALID_ENTRY' });
    }
    expect(await store.append(key, 'nope' as never).catch((e: unknown) => e)).toMatchObject({
      code: 'INVALID_ENTRY',
    });
    expect(await store.load(key)).toBeNull();
  });

  it('should refuse keys that are not { projectKey, sessionId, subpath? } strings with INVALID_KEY', async () => {
    const store = shared.open();
    for (const key of [
      null,
      {},
      { projectKey: '', sessionId: 's' },
      { projectKey: 'p', sessionId: 1 },
      { projectKey: 'p', sessionId: 's', subpath: 3 },
      { projectKey: 'p\u0000', sessionId: 's' },
      { projectKey: 'p', sessionId: 's\ud800' },
    ]) {
      expect(await store.load(key as never).catch((e: unknown) => e)).toMatchObject({ code: 'INVALID_KEY' });
    }
    expect(await store.listSessions('' as never).catch((e: unknown) => e)).toMatchObject({
      code: 'INVALID_KEY',
    });
  });

  it('should report a value changed outside the package as CORRUPT_ROW instead of dropping it', async () => {
    const prefix = freshPrefix();
    const store = shared.open({ prefix });
    const key = { projectKey: 'p', sessionId: randomUUID() };
    await store.append(key, [
      { type: 'x', uuid: 'a' },
      { type: 'x', uuid: 'b' },
    ]);
    const client = new Redis(shared.url());
    await client.lset(`${prefix}e:p:${key.sessionId}`, 1, '{"type":"x", trunc');
    client.disconnect();
    expect(await store.load(key).catch((e: unknown) => e)).toMatchObject({ code: 'CORRUPT_ROW' });
  });

  it('should refuse a key layout written by a newer release with SCHEMA_TOO_NEW', async () => {
    const prefix = freshPrefix();
    await shared.open({ prefix }).listSessions('p');
    const client = new Redis(shared.url());
    await client.set(`${prefix}schema`, '99');
    client.disconnect();
    const later = shared.open({ prefix });
    expect(await later.listSessions('p').catch((e: unknown) => e)).toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });

  it('should reject calls after close() with CLOSED', async () => {
    const store = shared.open();
    await store.close();
    await store.close();
    expect(await store.listSessions('p').catch((e: unknown) => e)).toMatchObject({ code: 'CLOSED' });
  });
});

describe('RedisSessionStore options', () => {
  it.each([
    [{}, 'url/client'],
    [{ url: 'http://x' }, 'url'],
    [{ url: 'redis://x', prefix: 'has space' }, 'prefix'],
    [{ url: 'redis://x', prefix: '{tag}' }, 'prefix'],
    [{ url: 'redis://x', callTimeoutMs: 0 }, 'callTimeoutMs'],
    [{ url: 'redis://x', connectTimeoutMs: 'soon' }, 'connectTimeoutMs'],
    [{ url: 'redis://x', maxEntryBytes: -1 }, 'maxEntryBytes'],
    [{ url: 'redis://x', client: {} }, 'client'],
  ])('should refuse %j at construction, naming %s', (options, name) => {
    expect(() => new RedisSessionStore(options as never)).toThrow(TypeError);
    expect(() => new RedisSessionStore(options as never)).toThrow(name);
  });

  it('should never quote a URL, which may hold a password', () => {
    expect(() => new RedisSessionStore({ url: 'http://u:secret@h' })).not.toThrow(/secret/);
  });
});
