import { randomUUID } from 'node:crypto';
import { describeHostileStoreInput } from '@ccsdk/test-databases/store-input-suite';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { RedisSessionStore } from './redis-session-store.js';
import { freshPrefix, useRedis } from './test-prefix.test-helpers.js';

const shared = useRedis();

describeHostileStoreInput(
  { describe, it, expect },
  { name: 'RedisSessionStore', errorName: 'RedisSessionStoreError', open: () => shared.open() },
);

describe('RedisSessionStore with data changed behind its back', () => {
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
