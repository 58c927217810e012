/**
 * `@ccsdk/test-databases/store-input-suite` (private): the hostile-input tests every ccsdk store
 * adapter shares, registered with vitest. Each adapter keeps its own file for what only it can
 * do (a row or value changed behind its back, its schema marker, its options).
 */
import { randomUUID } from 'node:crypto';
import type { SessionStore, SessionStoreLoadFrom } from '@ccsdk/session-store';
import fc from 'fast-check';

/**
 * The parts of the test framework the suite uses, passed in by the test file (vitest's own
 * `describe`, `it`, `expect`), so this package never loads a second copy of the framework.
 */
export interface TestFramework {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>, timeoutMs?: number): void;
  expect(actual: unknown): {
    toEqual(expected: unknown): void;
    toMatchObject(expected: object): void;
    toBeNull(): void;
  };
}

/** The adapter the suite runs against. */
export interface StoreUnderTest {
  /** The store class's name, for the suite's title (`PostgresSessionStore`). */
  readonly name: string;
  /** The `name` of the adapter's error class (`PostgresSessionStoreError`). */
  readonly errorName: string;
  /** A store on the shared test server, in a namespace of its own; called inside the tests. */
  open(): SessionStore;
}

/** Property runs of the round-trip test. */
const ROUND_TRIP_RUNS = 40;
/** The round trip writes to a real server: it may take this long, in ms. */
const ROUND_TRIP_TIMEOUT_MS = 60_000;

const hostileString = fc.string({ unit: 'binary', maxLength: 40 });
const entryArbitrary = fc.record({
  type: hostileString,
  uuid: fc.option(hostileString, { nil: undefined }),
  body: fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
});

/**
 * Registers the shared hostile-input tests: any JSON entries (NUL, lone surrogates, line and
 * paragraph separators, odd keys) load back deep-equal; uuids that differ only in a lone surrogate
 * or a NUL stay apart; a malformed batch is refused with `INVALID_ENTRY` and none of it is
 * written; a malformed key is refused with `INVALID_KEY`; a `loadFrom` position that is not a
 * whole number of entries is refused with a `TypeError`.
 */
export function describeHostileStoreInput(
  { describe, it, expect }: TestFramework,
  adapter: StoreUnderTest,
): void {
  describe(`${adapter.name} with hostile input`, () => {
    it(
      'should load back deep-equal any JSON entries, NUL, lone surrogates and odd keys included',
      async () => {
        const store = adapter.open();
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
          { numRuns: ROUND_TRIP_RUNS },
        );
      },
      ROUND_TRIP_TIMEOUT_MS,
    );

    it('should keep uuids that differ only in a lone surrogate or a NUL apart', async () => {
      const store = adapter.open();
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
      const store = adapter.open();
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
        expect(error).toMatchObject({ name: adapter.errorName, code: 'INVALID_ENTRY' });
      }
      expect(await store.append(key, 'nope' as never).catch((e: unknown) => e)).toMatchObject({
        code: 'INVALID_ENTRY',
      });
      expect(await store.load(key)).toBeNull();
    });

    it('should refuse keys that are not { projectKey, sessionId, subpath? } strings with INVALID_KEY', async () => {
      const store = adapter.open();
      for (const key of [
        null,
        {},
        { projectKey: '', sessionId: 's' },
        { projectKey: 'p', sessionId: 1 },
        { projectKey: 'p', sessionId: 's', subpath: 3 },
        { projectKey: 'p\u0000', sessionId: 's' },
        { projectKey: 'p', sessionId: 's\ud800' },
      ]) {
        expect(await store.load(key as never).catch((e: unknown) => e)).toMatchObject({
          code: 'INVALID_KEY',
        });
      }
      expect(await store.listSessions?.('' as never).catch((e: unknown) => e)).toMatchObject({
        code: 'INVALID_KEY',
      });
    });

    it('should refuse a loadFrom position that is not a whole number of entries with a TypeError, and read nothing wrong', async () => {
      const store = adapter.open() as SessionStore & Partial<SessionStoreLoadFrom>;
      expect(typeof store.loadFrom).toEqual('function');
      const key = { projectKey: 'p', sessionId: randomUUID() };
      await store.append(key, [
        { type: 'x', uuid: 'a' },
        { type: 'x', uuid: 'b' },
      ]);
      for (const from of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '1', null, undefined, {}]) {
        const refusal = await store.loadFrom?.(key, from as never).catch((e: unknown) => e);
        expect(refusal instanceof TypeError ? 'TypeError' : refusal).toEqual('TypeError');
      }
      expect(await store.loadFrom?.(key, 1)).toEqual([{ type: 'x', uuid: 'b' }]);
      expect(await store.loadFrom?.(key, Number.MAX_SAFE_INTEGER)).toEqual([]);
      expect(
        await store.loadFrom?.({ projectKey: 'p\u0000', sessionId: 's' }, 0).catch((e: unknown) => e),
      ).toMatchObject({
        code: 'INVALID_KEY',
      });
    });
  });
}
