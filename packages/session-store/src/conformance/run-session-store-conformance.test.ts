import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from '../in-memory-session-store.js';
import { notImplemented } from '../store-probe.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from '../types.js';
import { BROKEN_STORES } from './broken-stores.test-helpers.js';
import {
  runSessionStoreConformance,
  runSessionStoreContract,
  SESSION_STORE_CONTRACTS,
} from './run-session-store-conformance.js';

const contract = (id: string) => {
  const found = SESSION_STORE_CONTRACTS.find((c) => c.id === id);
  if (found === undefined) throw new Error(`no contract ${id}`);
  return found;
};

describe('runSessionStoreConformance', () => {
  it('should pass every contract for InMemorySessionStore, skipping only the opt-in dedupe and the loadFrom extension', async () => {
    const report = await runSessionStoreConformance(() => new InMemorySessionStore());
    expect(report.skipped).toEqual([
      { contract: 'uuid-dedupe', reason: 'opt-in (checkUuidDedupe: true)' },
      { contract: 'load-from-slices', reason: 'store has no loadFrom() (an extension)' },
      { contract: 'load-from-unknown-null', reason: 'store has no loadFrom() (an extension)' },
      { contract: 'load-from-positions-stable-under-dedupe', reason: 'opt-in (checkUuidDedupe: true)' },
    ]);
    expect(report.passed).toHaveLength(SESSION_STORE_CONTRACTS.length - 4);
  });

  it('should run the loadFrom contracts for a store that has loadFrom, and fail one that ignores the position', async () => {
    const withLoadFrom =
      (slice: (entries: SessionStoreEntry[], from: number) => SessionStoreEntry[]) => () => {
        const inner = new InMemorySessionStore();
        return Object.assign(inner, {
          loadFrom: async (key: SessionKey, from: number) => {
            const entries = await inner.load(key);
            return entries === null ? null : slice(entries, from);
          },
        });
      };
    const report = await runSessionStoreConformance(withLoadFrom((entries, from) => entries.slice(from)));
    expect(report.passed).toEqual(expect.arrayContaining(['load-from-slices', 'load-from-unknown-null']));
    await expect(
      runSessionStoreContract(
        contract('load-from-slices'),
        withLoadFrom((entries) => entries),
      ),
    ).rejects.toMatchObject({ code: 'CONFORMANCE_FAILED', contract: 'load-from-slices' });
    await expect(
      runSessionStoreContract(
        contract('load-from-slices'),
        withLoadFrom((entries, from) => entries.slice(from + 1)),
      ),
    ).rejects.toMatchObject({ code: 'CONFORMANCE_FAILED', contract: 'load-from-slices' });
  });

  it('should accept an async factory', async () => {
    const report = await runSessionStoreConformance(async () => new InMemorySessionStore());
    expect(report.passed).toContain('append-load-roundtrip');
  });

  it('should cover the Python 14, the Ruby additions and the opt-in dedupe', () => {
    expect(SESSION_STORE_CONTRACTS.map((c) => c.id)).toEqual([
      'append-load-roundtrip',
      'load-unknown-null',
      'append-call-order',
      'append-empty-noop',
      'subpath-independent',
      'project-isolation',
      'list-sessions-scoped',
      'list-sessions-excludes-subpaths',
      'list-sessions-one-row-per-session',
      'list-subkeys-scoped',
      'list-subkeys-excludes-main',
      'delete-main',
      'delete-cascade',
      'delete-empty-subpath-cascade',
      'delete-subpath-targeted',
      'list-session-summaries',
      'uuid-dedupe',
      'load-from-slices',
      'load-from-unknown-null',
      'load-from-positions-stable-under-dedupe',
    ]);
  });

  it('should skip the contracts of methods a minimal store lacks', async () => {
    const make = (): SessionStore => {
      const inner = new InMemorySessionStore();
      return { append: (k, e) => inner.append(k, e), load: (k) => inner.load(k) };
    };
    const report = await runSessionStoreConformance(make);
    expect(report.passed).toEqual([
      'append-load-roundtrip',
      'load-unknown-null',
      'append-call-order',
      'append-empty-noop',
      'subpath-independent',
      'project-isolation',
    ]);
    expect(report.skipped.map((s) => s.contract)).toContain('delete-cascade');
  });

  it('should skip a method that throws a not-implemented error, and one named in skipOptional', async () => {
    const make = (): SessionStore => {
      const inner = new InMemorySessionStore();
      return {
        append: (k, e) => inner.append(k, e),
        load: (k) => inner.load(k),
        listSubkeys: (k) => inner.listSubkeys(k),
        delete: async () => {
          throw notImplemented('delete');
        },
      };
    };
    const outcome = await runSessionStoreContract(contract('delete-cascade'), make);
    expect(outcome).toEqual({ status: 'skipped', reason: 'delete() is not implemented' });
    const skipped = await runSessionStoreContract(contract('list-subkeys-scoped'), make, {
      skipOptional: ['listSubkeys'],
    });
    expect(skipped.status).toBe('skipped');
  });

  it('should run the opt-in dedupe contract when asked, and fail a store that does not dedupe', async () => {
    await expect(
      runSessionStoreConformance(() => new InMemorySessionStore(), { checkUuidDedupe: true }),
    ).rejects.toMatchObject({ code: 'CONFORMANCE_FAILED', contract: 'uuid-dedupe' });
  });

  it('should pass the dedupe contract for a store that dedupes by uuid', async () => {
    const make = (): SessionStore => {
      const inner = new InMemorySessionStore();
      return {
        append: async (key, entries) => {
          const seen = new Set((await inner.load(key))?.map((e) => e.uuid));
          await inner.append(
            key,
            entries.filter((e) => e.uuid === undefined || !seen.has(e.uuid)),
          );
        },
        load: (key) => inner.load(key),
      };
    };
    expect(await runSessionStoreContract(contract('uuid-dedupe'), make, { checkUuidDedupe: true })).toEqual({
      status: 'passed',
    });
  });

  it('should reject bad options and a factory that returns no store', async () => {
    await expect(runSessionStoreConformance('nope' as never)).rejects.toThrow(TypeError);
    await expect(
      runSessionStoreConformance(() => new InMemorySessionStore(), { skipOptional: ['append' as never] }),
    ).rejects.toThrow(TypeError);
    await expect(runSessionStoreConformance(() => ({}) as SessionStore)).rejects.toThrow(TypeError);
  });

  it('should let an adapter error propagate as is', async () => {
    const boom = new Error('backend down');
    const make = (): SessionStore => ({
      append: async () => {
        throw boom;
      },
      load: async () => null,
    });
    await expect(runSessionStoreContract(contract('append-load-roundtrip'), make)).rejects.toBe(boom);
  });
});

describe('the suite fails deliberately broken stores', () => {
  for (const [name, broken] of Object.entries(BROKEN_STORES)) {
    it(`should fail ${broken.contracts.join(', ')} for a store that ${name}`, async () => {
      for (const id of broken.contracts) {
        await expect(runSessionStoreContract(contract(id), broken.make)).rejects.toMatchObject({
          code: 'CONFORMANCE_FAILED',
          contract: id,
        });
      }
      await expect(runSessionStoreConformance(broken.make)).rejects.toMatchObject({
        code: 'CONFORMANCE_FAILED',
      });
    });
  }
});
