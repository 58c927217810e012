import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresSessionStore } from './postgres-session-store.js';
import { freshSchema, usePostgres } from './test-schema.test-helpers.js';

const shared = usePostgres();

const hostileString = fc.string({ unit: 'binary', maxLength: 40 });
const entryArbitrary = fc.record({
  type: hostileString,
  uuid: fc.option(hostileString, { nil: undefined }),
  body: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
});

describe('PostgresSessionStore with hostile input', () => {
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
      expect(error).toMatchObject({ name: 'PostgresSessionStoreError', code: 'INVALID_ENTRY' });
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

  it('should report a row changed outside the package as CORRUPT_ROW instead of dropping it', async () => {
    const schema = freshSchema();
    const store = shared.open({ schema });
    const key = { projectKey: 'p', sessionId: randomUUID() };
    await store.append(key, [
      { type: 'x', uuid: 'a' },
      { type: 'x', uuid: 'b' },
    ]);
    const client = new pg.Client({ connectionString: shared.url() });
    await client.connect();
    await client.query(`UPDATE "${schema}".entries SET body = '{"type":"x", trunc' WHERE uuid = 'b'`);
    await client.end();
    expect(await store.load(key).catch((e: unknown) => e)).toMatchObject({ code: 'CORRUPT_ROW' });
  });

  it('should refuse a schema written by a newer release with SCHEMA_TOO_NEW', async () => {
    const schema = freshSchema();
    await shared.open({ schema }).listSessions('p');
    const client = new pg.Client({ connectionString: shared.url() });
    await client.connect();
    await client.query(`UPDATE "${schema}".ccsdk_schema SET version = 99`);
    await client.end();
    const later = shared.open({ schema });
    expect(await later.listSessions('p').catch((e: unknown) => e)).toMatchObject({ code: 'SCHEMA_TOO_NEW' });
  });

  it('should reject calls after close() with CLOSED', async () => {
    const store = shared.open();
    await store.close();
    await store.close();
    expect(await store.listSessions('p').catch((e: unknown) => e)).toMatchObject({ code: 'CLOSED' });
  });
});

describe('PostgresSessionStore options', () => {
  it.each([
    [{}, 'connectionString/pool'],
    [{ connectionString: 'mysql://x' }, 'connectionString'],
    [{ connectionString: 'postgres://x', schema: 'Bad-Name' }, 'schema'],
    [{ connectionString: 'postgres://x', schema: 'a'.repeat(64) }, 'schema'],
    [{ connectionString: 'postgres://x', callTimeoutMs: 0 }, 'callTimeoutMs'],
    [{ connectionString: 'postgres://x', maxConnections: 1.5 }, 'maxConnections'],
    [{ connectionString: 'postgres://x', maxEntryBytes: -1 }, 'maxEntryBytes'],
    [{ connectionString: 'postgres://x', pool: {} }, 'pool'],
  ])('should refuse %j at construction, naming %s', (options, name) => {
    expect(() => new PostgresSessionStore(options as never)).toThrow(TypeError);
    expect(() => new PostgresSessionStore(options as never)).toThrow(name);
  });

  it('should never quote a connection string, which may hold a password', () => {
    expect(() => new PostgresSessionStore({ connectionString: 'mysql://u:secret@h/db' })).not.toThrow(
      /secret/,
    );
  });
});
