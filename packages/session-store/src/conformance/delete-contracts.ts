import type { SessionStoreContract } from './contract.js';
import type { ContractContext } from './contract-context.js';

async function expectCascade(ctx: ContractContext, subpathOfDelete: '' | undefined): Promise<void> {
  const key = ctx.key();
  const subs = [ctx.sub(key, 'subagents/agent-1'), ctx.sub(key, 'subagents/workflows/run-1/agent-2')];
  const sibling = ctx.key();
  const siblingSub = ctx.sub(sibling, 'subagents/agent-3');
  const otherProject = ctx.key(ctx.projectB, key.sessionId);
  const otherSub = ctx.sub(otherProject, 'subagents/agent-1');
  for (const k of [key, ...subs, sibling, siblingSub, otherProject, otherSub])
    await ctx.store.append(k, ctx.entries(1));
  const target = subpathOfDelete === undefined ? key : ctx.sub(key, '');
  await ctx.optional('delete', target);
  ctx.equal(await ctx.store.load(key), null, 'main transcript after the delete');
  for (const sub of subs)
    ctx.equal(await ctx.store.load(sub), null, `subkey ${sub.subpath} after the main delete`);
  ctx.check((await ctx.store.load(sibling)) !== null, 'a sibling session must survive the delete');
  ctx.check(
    (await ctx.store.load(siblingSub)) !== null,
    "a sibling session's subkey must survive the delete",
  );
  ctx.check(
    (await ctx.store.load(otherProject)) !== null,
    'the same session id in another project must survive',
  );
  ctx.check((await ctx.store.load(otherSub)) !== null, "another project's subkey must survive");
  const subkeys = await ctx.ifSupported('listSubkeys', key);
  if (subkeys !== undefined) ctx.equal(subkeys, [], 'listSubkeys after the main delete');
  const listed = await ctx.ifSupported('listSessions', ctx.projectA);
  if (listed !== undefined) {
    ctx.check(
      !listed.some((row) => row.sessionId === key.sessionId),
      'listSessions must not list a deleted session',
    );
  }
}

/** Contracts of `delete`. */
export const DELETE_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'delete-main',
    title: 'delete of a never-written key is a no-op; delete of a main key makes load return null',
    requires: ['delete'],
    async run(ctx) {
      await ctx.optional('delete', ctx.key());
      const key = ctx.key();
      await ctx.store.append(key, ctx.entries(2));
      await ctx.optional('delete', key);
      ctx.equal(await ctx.store.load(key), null, 'load after delete');
    },
  },
  {
    id: 'delete-cascade',
    title: 'deleting a main key deletes its subkeys; sibling sessions and other projects survive',
    requires: ['delete'],
    run: (ctx) => expectCascade(ctx, undefined),
  },
  {
    id: 'delete-empty-subpath-cascade',
    title: "delete with subpath '' behaves as a main-key delete, cascade included",
    requires: ['delete'],
    run: (ctx) => expectCascade(ctx, ''),
  },
  {
    id: 'delete-subpath-targeted',
    title: 'deleting a subpath key removes only that transcript',
    requires: ['delete'],
    async run(ctx) {
      const key = ctx.key();
      const [sub1, sub2] = [ctx.sub(key, 'subagents/agent-1'), ctx.sub(key, 'subagents/agent-2')];
      const [m, s2] = [ctx.entries(1), ctx.entries(1)];
      await ctx.store.append(key, m);
      await ctx.store.append(sub1, ctx.entries(1));
      await ctx.store.append(sub2, s2);
      await ctx.optional('delete', sub1);
      ctx.equal(await ctx.store.load(sub1), null, 'the deleted subkey');
      ctx.equal(await ctx.store.load(key), m, 'the main transcript');
      ctx.equal(await ctx.store.load(sub2), s2, 'the other subkey');
      const subkeys = await ctx.ifSupported('listSubkeys', key);
      if (subkeys !== undefined)
        ctx.equal(subkeys, ['subagents/agent-2'], 'listSubkeys after the subpath delete');
      const listed = await ctx.ifSupported('listSessions', ctx.projectA);
      if (listed !== undefined) {
        ctx.check(
          listed.some((row) => row.sessionId === key.sessionId),
          'the session must stay listed',
        );
      }
    },
  },
];
