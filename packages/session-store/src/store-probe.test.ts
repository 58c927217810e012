import { describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './in-memory-session-store.js';
import {
  callOptional,
  checkSessionStore,
  hasStoreMethod,
  isNotImplementedError,
  notImplemented,
} from './store-probe.js';
import type { SessionStore } from './types.js';

const minimal: SessionStore = { append: async () => undefined, load: async () => null };

describe('store probing', () => {
  it('should report a missing optional method as not implemented', async () => {
    expect(hasStoreMethod(minimal, 'listSessions')).toBe(false);
    expect(await callOptional(minimal, 'listSessions', 'p')).toEqual({ implemented: false });
  });

  it('should count a method that throws a not-implemented error as absent', async () => {
    for (const error of [
      notImplemented('delete'),
      Object.assign(new Error('x'), { code: 'ERR_METHOD_NOT_IMPLEMENTED' }),
      Object.assign(new Error('x'), { name: 'NotImplementedError' }),
    ]) {
      const store: SessionStore = { ...minimal, delete: async () => Promise.reject(error) };
      expect(isNotImplementedError(error)).toBe(true);
      expect(await callOptional(store, 'delete', { projectKey: 'p', sessionId: 's' })).toEqual({
        implemented: false,
      });
    }
  });

  it('should propagate any other error and return values of implemented methods', async () => {
    const boom = new Error('down');
    const store: SessionStore = { ...minimal, listSubkeys: async () => Promise.reject(boom) };
    await expect(callOptional(store, 'listSubkeys', { projectKey: 'p', sessionId: 's' })).rejects.toBe(boom);
    const memory = new InMemorySessionStore();
    expect(await callOptional(memory, 'listSessions', 'p')).toEqual({ implemented: true, value: [] });
  });

  it('should call the method with the store as this', async () => {
    class Store {
      readonly rows = [{ sessionId: 's', mtime: 1 }];
      async append(): Promise<void> {}
      async load(): Promise<null> {
        return null;
      }
      async listSessions() {
        return this.rows;
      }
    }
    expect(await callOptional(new Store(), 'listSessions', 'p')).toEqual({
      implemented: true,
      value: [{ sessionId: 's', mtime: 1 }],
    });
  });

  it('should refuse a value that is not a store, quoting it', () => {
    expect(() => checkSessionStore({ append: 1 })).toThrow(/sessionStore must be a SessionStore/);
    expect(() => checkSessionStore(null)).toThrow(TypeError);
    expect(checkSessionStore(minimal)).toBe(minimal);
  });
});
