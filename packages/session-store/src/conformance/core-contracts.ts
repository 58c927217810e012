import type { SessionStoreContract } from './contract.js';
import { sortedIds, uuidsOf } from './contract-context.js';

/** Contracts of the required methods (`append`, `load`): every adapter must pass them. */
export const CORE_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'append-load-roundtrip',
    title: 'append then load returns the same entries, deep-equal and in order',
    requires: [],
    async run(ctx) {
      const key = ctx.key();
      const entries = ctx.entries(3);
      await ctx.store.append(key, entries);
      ctx.equal(await ctx.store.load(key), entries, 'load after one append');
    },
  },
  {
    id: 'load-unknown-null',
    title: 'load of a never-written session, or of an unknown subpath of a written one, is null',
    requires: [],
    async run(ctx) {
      const key = ctx.key();
      ctx.equal(await ctx.store.load(key), null, 'load of a never-written session');
      await ctx.store.append(key, ctx.entries(1));
      ctx.equal(
        await ctx.store.load(ctx.sub(key, 'subagents/agent-none')),
        null,
        'load of an unknown subpath',
      );
    },
  },
  {
    id: 'append-call-order',
    title: 'several appends to one key load in call order',
    requires: [],
    async run(ctx) {
      const key = ctx.key();
      const batches = [ctx.entries(2), ctx.entries(1), ctx.entries(3)];
      for (const batch of batches) await ctx.store.append(key, batch);
      ctx.equal(uuidsOf(await ctx.store.load(key)), uuidsOf(batches.flat()), 'uuids after three appends');
    },
  },
  {
    id: 'append-empty-noop',
    title: 'append(key, []) changes nothing and never creates a key or a listed session',
    requires: [],
    async run(ctx) {
      const written = ctx.key();
      const entries = ctx.entries(2);
      await ctx.store.append(written, entries);
      await ctx.store.append(written, []);
      ctx.equal(await ctx.store.load(written), entries, 'load after an empty append to a written key');
      const phantom = ctx.key();
      await ctx.store.append(phantom, []);
      await ctx.store.append(ctx.sub(phantom, 'subagents/agent-phantom'), []);
      ctx.equal(await ctx.store.load(phantom), null, 'load of a key that only saw an empty append');
      const listed = await ctx.ifSupported('listSessions', ctx.projectA);
      if (listed !== undefined) {
        ctx.equal(sortedIds(listed), [written.sessionId], 'listSessions after an empty append to a new key');
      }
      const subkeys = await ctx.ifSupported('listSubkeys', phantom);
      if (subkeys !== undefined)
        ctx.equal(subkeys, [], 'listSubkeys of a session that only saw empty appends');
    },
  },
  {
    id: 'subpath-independent',
    title: 'a subpath key is stored apart from the main key and from other subpaths',
    requires: [],
    async run(ctx) {
      const main = ctx.key();
      const sub1 = ctx.sub(main, 'subagents/agent-1');
      const sub2 = ctx.sub(main, 'subagents/workflows/run-1/agent-2');
      const [m, s1, s2] = [ctx.entries(2), ctx.entries(1), ctx.entries(2)];
      await ctx.store.append(main, m);
      await ctx.store.append(sub1, s1);
      await ctx.store.append(sub2, s2);
      ctx.equal(await ctx.store.load(main), m, 'main transcript');
      ctx.equal(await ctx.store.load(sub1), s1, 'first subpath');
      ctx.equal(await ctx.store.load(sub2), s2, 'nested subpath');
    },
  },
  {
    id: 'project-isolation',
    title: 'the same session id under two project keys holds two separate transcripts',
    requires: [],
    async run(ctx) {
      const a = ctx.key(ctx.projectA);
      const b = ctx.key(ctx.projectB, a.sessionId);
      const [ea, eb] = [ctx.entries(2), ctx.entries(3)];
      await ctx.store.append(a, ea);
      await ctx.store.append(b, eb);
      ctx.equal(await ctx.store.load(a), ea, 'project A');
      ctx.equal(await ctx.store.load(b), eb, 'project B');
      const listedA = await ctx.ifSupported('listSessions', ctx.projectA);
      if (listedA !== undefined) ctx.equal(listedA.length, 1, 'rows listed for project A');
      const listedB = await ctx.ifSupported('listSessions', ctx.projectB);
      if (listedB !== undefined) ctx.equal(listedB.length, 1, 'rows listed for project B');
    },
  },
];
