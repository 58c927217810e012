import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type MirrorBatcherError, TranscriptMirrorBatcher } from '@ccsdk/mirror-batcher';
import type { SessionStoreEntry } from '@ccsdk/session-store';
import { freePort, type PostgresServer, startPostgresServer } from '@ccsdk/test-databases';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresSessionStore } from './postgres-session-store.js';
import { freshSchema, usePostgres } from './test-schema.test-helpers.js';

const PROJECTS = '/fault/config/projects';
const shared = usePostgres();

function entries(prefix: string, count: number): SessionStoreEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    type: 'user',
    uuid: `${prefix}-${i}`,
    i,
    text: 'x'.repeat(50),
  }));
}

function runWriter(url: string, schema: string, writer: string, sessionId: string): Promise<string> {
  const script = fileURLToPath(new URL('./append-writer.test-helpers.ts', import.meta.url));
  const tsx = fileURLToPath(import.meta.resolve('tsx'));
  const args = [
    '--conditions=@ccsdk/source',
    '--import',
    tsx,
    script,
    url,
    schema,
    writer,
    sessionId,
    '100',
    '5',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error === null ? resolve(stdout) : reject(new Error(`${error.message}\n${stderr}`)),
    );
  });
}

describe('PostgresSessionStore when its own server restarts', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgresServer();
  }, 60_000);
  afterAll(async () => {
    await server?.dispose();
  });

  it('should let the mirror retry through a restart, surface mirror_error only once retries are exhausted, then resume without duplicates', async () => {
    const store = new PostgresSessionStore({
      connectionString: server.url,
      schema: freshSchema(),
      callTimeoutMs: 5000,
    });
    const sessionId = randomUUID();
    const file = `${PROJECTS}/proj/${sessionId}.jsonl`;
    const errors: MirrorBatcherError[] = [];
    const patient = new TranscriptMirrorBatcher({
      store,
      projectsDir: PROJECTS,
      onError: (_message, error) => errors.push(error),
      retryDelaysMs: [1000, 3000, 6000],
    });
    patient.enqueue({ filePath: file, entries: entries('a', 10) });
    await patient.flush();

    // Down while a batch is pending: the first attempts fail, a later one lands after the restart.
    await server.stop();
    patient.enqueue({ filePath: file, entries: entries('b', 10) });
    const flushed = patient.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.start();
    await flushed;
    expect(errors).toEqual([]);

    // Down for good as far as an impatient batcher can tell: its retries run out, one mirror_error.
    await server.stop();
    const impatient = new TranscriptMirrorBatcher({
      store,
      projectsDir: PROJECTS,
      onError: (_message, error) => errors.push(error),
      retryDelaysMs: [10, 20],
    });
    impatient.enqueue({ filePath: file, entries: entries('c', 5) });
    await impatient.flush();
    expect(errors.map((error) => error.code)).toEqual(['APPEND_FAILED']);
    expect((errors[0]?.cause as { code?: string } | undefined)?.code).toMatch(/^CONNECTION_(FAILED|LOST)$/);
    expect(impatient.batchesDropped).toBe(true);

    await server.start();
    // The dropped batch replayed (as an import would) plus a retried overlap: each uuid once.
    patient.enqueue({
      filePath: file,
      entries: [...entries('b', 10).slice(5), ...entries('c', 5), ...entries('d', 3)],
    });
    await patient.close();
    await impatient.close();
    const loaded = await store.load({ projectKey: 'proj', sessionId });
    const expected = [...entries('a', 10), ...entries('b', 10), ...entries('c', 5), ...entries('d', 3)];
    expect(loaded?.map((entry) => entry.uuid)).toEqual(expected.map((entry) => entry.uuid));
    expect(errors).toHaveLength(1);
    await store.close();
  }, 60_000);

  it('should fail fast with CONNECTION_FAILED, never hang, when nothing listens', async () => {
    const port = await freePort();
    const store = new PostgresSessionStore({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      callTimeoutMs: 10_000,
    });
    const error = await store.load({ projectKey: 'p', sessionId: randomUUID() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PostgresSessionStoreError', code: 'CONNECTION_FAILED' });
    await store.close();
  });

  it('should time out a call the server never answers with TIMEOUT', async () => {
    const schema = freshSchema();
    const store = new PostgresSessionStore({ connectionString: server.url, schema, callTimeoutMs: 300 });
    const key = { projectKey: 'p', sessionId: randomUUID() };
    await store.append(key, entries('t', 1));
    // Another connection holds the transcript's row lock, so the first one's append waits on it.
    const pg = (await import('pg')).default;
    const blocker = new pg.Client({ connectionString: server.url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT * FROM "${schema}".transcripts FOR UPDATE`);
      const error = await store.append(key, entries('u', 1)).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    await store.close();
  });
});

describe('PostgresSessionStore under load on a shared server', () => {
  it('should keep each of two processes in its own order and lose nothing when both append to one key', async () => {
    const schema = freshSchema();
    const store = shared.open({ schema });
    const sessionId = randomUUID();
    await store.append({ projectKey: 'two-writers', sessionId }, [{ type: 'x', uuid: 'start' }]);
    const outputs = await Promise.all([
      runWriter(shared.url(), schema, 'w1', sessionId),
      runWriter(shared.url(), schema, 'w2', sessionId),
    ]);
    expect(outputs).toEqual(['done\n', 'done\n']);
    const loaded = (await store.load({ projectKey: 'two-writers', sessionId }))!;
    expect(loaded).toHaveLength(1001);
    expect(new Set(loaded.map((entry) => entry.uuid)).size).toBe(1001);
    for (const writer of ['w1', 'w2']) {
      const order = loaded.filter((entry) => entry['writer'] === writer).map((entry) => entry['i']);
      expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
    }
  }, 120_000);

  it('should store and load a 4 MiB entry exactly, and refuse one over maxEntryBytes writing nothing', async () => {
    const store = shared.open();
    const key = { projectKey: 'big', sessionId: randomUUID() };
    const text = 'é€𝄞 tool output line\n'.repeat((4 * 1024 * 1024) / 24);
    const big = { type: 'user', uuid: 'big-1', message: { role: 'user', content: [{ type: 'text', text }] } };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(4 * 1024 * 1024);
    await store.append(key, [big, { type: 'x', uuid: 'after' }]);
    expect(await store.load(key)).toEqual([big, { type: 'x', uuid: 'after' }]);

    const small = shared.open({ maxEntryBytes: 1024 * 1024 });
    const other = { projectKey: 'big', sessionId: randomUUID() };
    const error = await small.append(other, [{ type: 'x', uuid: 'ok' }, big]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ENTRY_TOO_LARGE' });
    expect(await small.load(other)).toBeNull();
  }, 60_000);

  it('should list 10,000 sessions of one project with their summaries', async () => {
    const store = shared.open({ maxConnections: 8 });
    const ids = Array.from({ length: 10_000 }, () => randomUUID());
    for (let i = 0; i < ids.length; i += 50) {
      await Promise.all(
        ids.slice(i, i + 50).map((sessionId, j) =>
          store.append({ projectKey: 'many', sessionId }, [
            {
              type: 'user',
              uuid: randomUUID(),
              sessionId,
              message: { role: 'user', content: `prompt ${i + j}` },
            },
          ]),
        ),
      );
    }
    const listed = await store.listSessions('many');
    expect(listed).toHaveLength(10_000);
    expect(new Set(listed.map((row) => row.sessionId))).toEqual(new Set(ids));
    const summaries = await store.listSessionSummaries('many');
    expect(summaries).toHaveLength(10_000);
    expect(summaries.every((row) => row.mtime > 1e12)).toBe(true);
  }, 180_000);
});
