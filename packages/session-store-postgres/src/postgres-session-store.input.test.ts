import { randomUUID } from 'node:crypto';
import { describeHostileStoreInput } from '@ccsdk/test-databases/store-input-suite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PostgresSessionStore } from './postgres-session-store.js';
import { freshSchema, usePostgres } from './test-schema.test-helpers.js';

const shared = usePostgres();

describeHostileStoreInput(
  { describe, it, expect },
  { name: 'PostgresSessionStore', errorName: 'PostgresSessionStoreError', open: () => shared.open() },
);

describe('PostgresSessionStore with data changed behind its back', () => {
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
