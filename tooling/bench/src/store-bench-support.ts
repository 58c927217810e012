/**
 * The stores the store-adapter benchmark compares, on servers it starts for itself (or the ones
 * `CCSDK_TEST_POSTGRES_URL` / `CCSDK_TEST_REDIS_URL` name), and the transcripts it feeds them.
 */
import { randomBytes } from 'node:crypto';
import { InMemorySessionStore, type SessionStore, type SessionStoreEntry } from '@ccsdk/session-store';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';
import { postgresForTests, redisForTests, type SharedServer } from '@ccsdk/test-databases';

/** One store under test, with what it costs to clean up. */
export interface BenchStore {
  readonly name: 'memory' | 'postgres' | 'redis';
  readonly store: SessionStore;
  close(): Promise<void>;
}

/** Opens a fresh (empty: own schema or prefix) store of each kind. */
export async function openBenchStores(): Promise<{ stores: BenchStore[]; dispose(): Promise<void> }> {
  const servers: SharedServer[] = await Promise.all([postgresForTests(), redisForTests()]);
  const [postgres, redis] = servers as [SharedServer, SharedServer];
  const tag = randomBytes(4).toString('hex');
  const pg = new PostgresSessionStore({ connectionString: postgres.url, schema: `bench_${tag}` });
  const rd = new RedisSessionStore({ url: redis.url, prefix: `bench${tag}:` });
  const stores: BenchStore[] = [
    { name: 'memory', store: new InMemorySessionStore(), close: async () => undefined },
    { name: 'postgres', store: pg, close: () => pg.close() },
    { name: 'redis', store: rd, close: () => rd.close() },
  ];
  return {
    stores,
    async dispose() {
      await Promise.all(stores.map((s) => s.close()));
      await Promise.all(servers.map((server) => server.dispose()));
    },
  };
}

/** A transcript-like entry of about `bytes` bytes of JSON. */
export function benchEntry(sessionId: string, i: number, bytes: number): SessionStoreEntry {
  const filler = 'mirror this transcript entry to the external store; '.repeat(
    Math.max(1, Math.ceil(bytes / 52)),
  );
  return {
    type: i % 3 === 0 ? 'user' : 'assistant',
    uuid: `${sessionId.slice(0, 8)}-0000-4000-8000-${String(i).padStart(12, '0')}`,
    parentUuid: i === 0 ? null : `${sessionId.slice(0, 8)}-0000-4000-8000-${String(i - 1).padStart(12, '0')}`,
    sessionId,
    timestamp: new Date(1_780_000_000_000 + i).toISOString(),
    message: {
      role: i % 3 === 0 ? 'user' : 'assistant',
      content: [{ type: 'text', text: filler.slice(0, bytes) }],
    },
  };
}

/** The value at fraction `p` (0..1) of the sorted values (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

/** Milliseconds `fn` takes. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
