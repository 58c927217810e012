import type { SessionStoreContract } from './contract.js';
import { sortedIds } from './contract-context.js';

/** Smallest mtime accepted as epoch milliseconds (2001-09-09); a seconds clock fails it. */
const MIN_EPOCH_MS = 1e12;

/** Contracts of `listSessions` and `listSubkeys`. */
export const LISTING_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'list-sessions-scoped',
    title:
      "listSessions returns the project's sessions only, with finite epoch-ms mtimes; [] for an unknown project",
    requires: ['listSessions'],
    async run(ctx) {
      const [s1, s2, other] = [ctx.key(), ctx.key(), ctx.key(ctx.projectB)];
      for (const key of [s1, s2, other]) await ctx.store.append(key, ctx.entries(1));
      const rows = await ctx.optional('listSessions', ctx.projectA);
      ctx.equal(sortedIds(rows), [s1.sessionId, s2.sessionId].sort(), 'session ids listed for the project');
      for (const row of rows) {
        ctx.check(
          typeof row.mtime === 'number' && Number.isFinite(row.mtime) && row.mtime > MIN_EPOCH_MS,
          `mtime of ${row.sessionId} must be finite epoch milliseconds, got ${String(row.mtime)}`,
        );
      }
      ctx.equal(
        await ctx.optional('listSessions', `unknown-${ctx.projectA}`),
        [],
        'listing of an unknown project',
      );
    },
  },
  {
    id: 'list-sessions-excludes-subpaths',
    title: 'listSessions lists main transcripts only, never subagent subpaths',
    requires: ['listSessions'],
    async run(ctx) {
      const main = ctx.key();
      await ctx.store.append(main, ctx.entries(1));
      await ctx.store.append(ctx.sub(main, 'subagents/agent-1'), ctx.entries(1));
      const orphan = ctx.key();
      await ctx.store.append(ctx.sub(orphan, 'subagents/agent-2'), ctx.entries(1));
      ctx.equal(sortedIds(await ctx.optional('listSessions', ctx.projectA)), [main.sessionId], 'listed ids');
    },
  },
  {
    id: 'list-sessions-one-row-per-session',
    title: 'listSessions returns exactly one row per session however many appends it saw',
    requires: ['listSessions'],
    async run(ctx) {
      const key = ctx.key();
      for (let i = 0; i < 3; i++) await ctx.store.append(key, ctx.entries(1));
      const rows = await ctx.optional('listSessions', ctx.projectA);
      ctx.equal(rows.length, 1, 'rows after three appends to one session');
    },
  },
  {
    id: 'list-subkeys-scoped',
    title: "listSubkeys returns this session's subpaths only",
    requires: ['listSubkeys'],
    async run(ctx) {
      const key = ctx.key();
      const sibling = ctx.key();
      const otherProject = ctx.key(ctx.projectB, key.sessionId);
      await ctx.store.append(key, ctx.entries(1));
      await ctx.store.append(ctx.sub(key, 'subagents/agent-1'), ctx.entries(1));
      await ctx.store.append(ctx.sub(key, 'subagents/workflows/run-1/agent-2'), ctx.entries(1));
      await ctx.store.append(ctx.sub(sibling, 'subagents/agent-3'), ctx.entries(1));
      await ctx.store.append(ctx.sub(otherProject, 'subagents/agent-4'), ctx.entries(1));
      const subkeys = await ctx.optional('listSubkeys', key);
      ctx.equal([...subkeys].sort(), ['subagents/agent-1', 'subagents/workflows/run-1/agent-2'], 'subkeys');
    },
  },
  {
    id: 'list-subkeys-excludes-main',
    title: 'listSubkeys never lists the main transcript; [] for an unknown session',
    requires: ['listSubkeys'],
    async run(ctx) {
      const key = ctx.key();
      await ctx.store.append(key, ctx.entries(1));
      ctx.equal(
        await ctx.optional('listSubkeys', key),
        [],
        'subkeys of a session with only a main transcript',
      );
      await ctx.store.append(ctx.sub(key, 'subagents/agent-1'), ctx.entries(1));
      ctx.equal(
        await ctx.optional('listSubkeys', key),
        ['subagents/agent-1'],
        'subkeys after one subagent append',
      );
      ctx.equal(await ctx.optional('listSubkeys', ctx.key()), [], 'subkeys of an unknown session');
    },
  },
];
