import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './in-memory-session-store.js';
import { hasLoadFrom, loadFrom } from './load-from.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';

const key: SessionKey = { projectKey: 'p', sessionId: '11111111-1111-4111-8111-111111111111' };
const entries = (count: number): SessionStoreEntry[] =>
  Array.from({ length: count }, (_, n) => ({ type: 'x', uuid: `u-${n}`, n }));

describe('loadFrom', () => {
  it('should slice load() for a store without its own loadFrom, and answer null for a key never written', async () => {
    const store = new InMemorySessionStore();
    expect(hasLoadFrom(store)).toBe(false);
    expect(await loadFrom(store, key, 0)).toBeNull();
    await store.append(key, entries(4));
    expect(await loadFrom(store, key, 0)).toEqual(entries(4));
    expect(await loadFrom(store, key, 3)).toEqual(entries(4).slice(3));
    expect(await loadFrom(store, key, 4)).toEqual([]);
    expect(await loadFrom(store, key, 40)).toEqual([]);
  });

  it("should use the store's own loadFrom, never load(), where it has one", async () => {
    const asked: number[] = [];
    const store: SessionStore & {
      loadFrom(k: SessionKey, from: number): Promise<SessionStoreEntry[] | null>;
    } = {
      append: async () => {},
      load: async () => {
        throw new Error('load() must not be called');
      },
      loadFrom: async (_k, from) => {
        asked.push(from);
        return entries(5).slice(from);
      },
    };
    expect(hasLoadFrom(store)).toBe(true);
    expect(await loadFrom(store, key, 2)).toEqual(entries(5).slice(2));
    expect(asked).toEqual([2]);
  });

  it('should refuse a position that is not a whole number of entries, 0 or more, quoting it', async () => {
    const store = new InMemorySessionStore();
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, '3', null, undefined]) {
      await expect(loadFrom(store, key, bad as number)).rejects.toThrow(TypeError);
    }
    await expect(loadFrom(store, key, -1)).rejects.toThrow('got -1');
  });
});
