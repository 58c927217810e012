import { InMemorySessionStore } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import { READINESS_PROBE_KEY, StoreProbe } from './readiness-store-probe.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('StoreProbe', () => {
  it('should load the fixed probe key once per cache period and report a store that answers', async () => {
    const store = new InMemorySessionStore();
    const keys: unknown[] = [];
    const load = store.load.bind(store);
    store.load = (key) => {
      keys.push(key);
      return load(key);
    };
    const probe = new StoreProbe(store, { timeoutMs: 100, cacheMs: 50 });
    expect(await Promise.all([probe.reachable(), probe.reachable(), probe.reachable()])).toEqual([
      true,
      true,
      true,
    ]);
    expect(keys).toEqual([READINESS_PROBE_KEY]);
    await sleep(60);
    expect(await probe.reachable()).toBe(true);
    expect(keys).toHaveLength(2);
  });

  it('should report a store whose load throws synchronously or rejects', async () => {
    const store = new InMemorySessionStore();
    store.load = () => {
      throw new Error('sync failure');
    };
    expect(await new StoreProbe(store, { timeoutMs: 100, cacheMs: 0 }).reachable()).toBe(false);
    store.load = () => Promise.reject(new Error('down'));
    expect(await new StoreProbe(store, { timeoutMs: 100, cacheMs: 0 }).reachable()).toBe(false);
  });

  it('should report a hanging store after the timeout and not ask again until that load settles', async () => {
    const store = new InMemorySessionStore();
    let release!: () => void;
    let loads = 0;
    store.load = () => {
      loads++;
      return new Promise((resolve) => {
        release = () => resolve(null);
      });
    };
    const probe = new StoreProbe(store, { timeoutMs: 30, cacheMs: 0 });
    expect(await probe.reachable()).toBe(false);
    expect(await probe.reachable()).toBe(false);
    expect(loads).toBe(1);
    release();
    await sleep(5);
    store.load = async () => null;
    expect(await probe.reachable()).toBe(true);
  });
});
