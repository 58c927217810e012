import { randomUUID } from 'node:crypto';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';
import { freePort, postgresForTests, redisForTests, type SharedServer } from '@ccsdk/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoreFromUrl } from './store-url.js';

let postgres: SharedServer | undefined;
let redis: SharedServer | undefined;
beforeAll(async () => {
  [postgres, redis] = await Promise.all([postgresForTests(), redisForTests()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([postgres?.dispose(), redis?.dispose()]);
});

describe('openStoreFromUrl', () => {
  it.each([
    ['postgres', () => postgres!.url, PostgresSessionStore],
    ['postgresql', () => postgres!.url.replace(/^postgres:/, 'postgresql:'), PostgresSessionStore],
    ['redis', () => redis!.url, RedisSessionStore],
  ])('should open a working store for a %s:// URL', async (_scheme, url, kind) => {
    const store = await openStoreFromUrl(url());
    try {
      expect(store).toBeInstanceOf(kind);
      const key = { projectKey: `store-url-${randomUUID()}`, sessionId: randomUUID() };
      await store.append(key, [{ type: 'user', uuid: 'u1' }]);
      expect(await store.load(key)).toEqual([{ type: 'user', uuid: 'u1' }]);
      await store.delete?.(key);
    } finally {
      await store.close();
    }
  });

  it.each(['mysql://u:secret@h/db', 'u:secret@h', '', 'file:///tmp/x'])(
    'should refuse %j with a TypeError that never quotes the URL',
    async (url) => {
      const error = await openStoreFromUrl(url).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).not.toContain('secret');
    },
  );

  it('should fail with the adapter error code, not hang, when the server is unreachable', async () => {
    const port = await freePort();
    await expect(openStoreFromUrl(`postgres://x@127.0.0.1:${port}/db`)).rejects.toMatchObject({
      code: 'CONNECTION_FAILED',
    });
    await expect(openStoreFromUrl(`redis://127.0.0.1:${port}`)).rejects.toMatchObject({
      code: 'CONNECTION_FAILED',
    });
  });
});
