import { InMemorySessionStore } from '../in-memory-session-store.js';
import { keyString } from '../session-key.js';
import type {
  SessionKey,
  SessionStore,
  SessionStoreEntry,
  SessionStoreListEntry,
  SessionSummaryEntry,
} from '../types.js';

/** Deliberately broken adapters, each violating one contract, to prove the suite can fail. */
export const BROKEN_STORES: Record<string, { contracts: string[]; make: () => SessionStore }> = {
  'loses order (loads in reverse)': {
    contracts: ['append-load-roundtrip', 'append-call-order'],
    make: () => {
      const inner = new InMemorySessionStore();
      return {
        append: (key, entries) => inner.append(key, entries),
        load: async (key) => (await inner.load(key))?.toReversed() ?? null,
      };
    },
  },
  'leaks across projects (ignores projectKey)': {
    contracts: ['project-isolation'],
    make: () => {
      const inner = new InMemorySessionStore();
      const strip = (key: SessionKey): SessionKey => ({ ...key, projectKey: 'shared' });
      return {
        append: (key, entries) => inner.append(strip(key), entries),
        load: (key) => inner.load(strip(key)),
      };
    },
  },
  'no delete cascade': {
    contracts: ['delete-cascade', 'delete-empty-subpath-cascade'],
    make: () => {
      const store = new InMemorySessionStore();
      const subs = new Map<string, SessionStoreEntry[]>();
      const sk = (key: SessionKey) => `${keyString(key)}`;
      return {
        append: async (key, entries) => {
          if (key.subpath) subs.set(sk(key), [...(subs.get(sk(key)) ?? []), ...entries]);
          else await store.append(key, entries);
        },
        load: async (key) => (key.subpath ? (subs.get(sk(key)) ?? null) : store.load(key)),
        delete: async (key) => {
          if (key.subpath) subs.delete(sk(key));
          else await store.delete(key);
        },
      };
    },
  },
  'creates a phantom key on an empty append': {
    contracts: ['append-empty-noop'],
    make: () => {
      const data = new Map<string, SessionStoreEntry[]>();
      return {
        append: async (key, entries) => {
          data.set(keyString(key), [...(data.get(keyString(key)) ?? []), ...entries]);
        },
        load: async (key) => data.get(keyString(key)) ?? null,
      };
    },
  },
  'lists one row per append': {
    contracts: ['list-sessions-one-row-per-session'],
    make: () => {
      const inner = new InMemorySessionStore();
      const rows: (SessionStoreListEntry & { projectKey: string })[] = [];
      return {
        append: async (key, entries) => {
          await inner.append(key, entries);
          if (!key.subpath && entries.length > 0)
            rows.push({ projectKey: key.projectKey, sessionId: key.sessionId, mtime: Date.now() });
        },
        load: (key) => inner.load(key),
        listSessions: async (projectKey) =>
          rows
            .filter((row) => row.projectKey === projectKey)
            .map(({ sessionId, mtime }) => ({ sessionId, mtime })),
      };
    },
  },
  'reports mtimes in seconds': {
    contracts: ['list-sessions-scoped'],
    make: () => {
      const inner = new InMemorySessionStore();
      return {
        append: (key, entries) => inner.append(key, entries),
        load: (key) => inner.load(key),
        listSessions: async (projectKey) =>
          (await inner.listSessions(projectKey)).map((row) => ({
            ...row,
            mtime: Math.floor(row.mtime / 1000),
          })),
      };
    },
  },
  'lists subagent keys as sessions': {
    contracts: ['list-sessions-excludes-subpaths'],
    make: () => {
      const inner = new InMemorySessionStore();
      const extra: { projectKey: string; sessionId: string }[] = [];
      return {
        append: async (key, entries) => {
          await inner.append(key, entries);
          if (key.subpath) extra.push({ projectKey: key.projectKey, sessionId: key.sessionId });
        },
        load: (key) => inner.load(key),
        listSessions: async (projectKey) => {
          const rows = await inner.listSessions(projectKey);
          for (const row of extra) {
            if (row.projectKey === projectKey && !rows.some((r) => r.sessionId === row.sessionId)) {
              rows.push({ sessionId: row.sessionId, mtime: Date.now() });
            }
          }
          return rows;
        },
      };
    },
  },
  'lists the main transcript among subkeys': {
    contracts: ['list-subkeys-excludes-main'],
    make: () => {
      const inner = new InMemorySessionStore();
      return {
        append: (key, entries) => inner.append(key, entries),
        load: (key) => inner.load(key),
        listSubkeys: async (key) => {
          const subkeys = await inner.listSubkeys(key);
          return (await inner.load(key)) === null ? subkeys : ['', ...subkeys];
        },
      };
    },
  },
  'returns every historical summary fold': {
    contracts: ['list-session-summaries'],
    make: () => {
      const inner = new InMemorySessionStore();
      const history: (SessionSummaryEntry & { projectKey: string })[] = [];
      return {
        append: async (key, entries) => {
          await inner.append(key, entries);
          const current = (await inner.listSessionSummaries(key.projectKey)).find(
            (s) => s.sessionId === key.sessionId,
          );
          if (current !== undefined && !key.subpath) history.push({ ...current, projectKey: key.projectKey });
        },
        load: (key) => inner.load(key),
        listSessions: (projectKey) => inner.listSessions(projectKey),
        listSessionSummaries: async (projectKey) =>
          history.filter((row) => row.projectKey === projectKey).map(({ projectKey: _, ...row }) => row),
      };
    },
  },
  'folds subagent entries into the summary': {
    contracts: ['list-session-summaries'],
    make: () => {
      const inner = new InMemorySessionStore();
      return {
        append: (key, entries) =>
          inner.append({ projectKey: key.projectKey, sessionId: key.sessionId }, entries),
        load: (key) => inner.load(key),
        listSessionSummaries: (projectKey) => inner.listSessionSummaries(projectKey),
      };
    },
  },
};
