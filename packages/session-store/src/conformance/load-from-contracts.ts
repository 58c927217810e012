import { hasLoadFrom } from '../load-from.js';
import type { SessionStoreEntry } from '../types.js';
import type { SessionStoreContract } from './contract.js';
import type { ContractContext } from './contract-context.js';

/** The store's own `loadFrom` (the contracts below run only for stores that have one). */
function loadFromOf(ctx: ContractContext) {
  const { store } = ctx;
  if (!hasLoadFrom(store)) throw new Error('unreachable: the runner skips stores without loadFrom()');
  return (key: Parameters<typeof store.loadFrom>[0], from: number) => store.loadFrom(key, from);
}

/** Contracts of our `loadFrom` extension (`SessionStoreLoadFrom`): run for stores that have it. */
export const LOAD_FROM_CONTRACTS: readonly SessionStoreContract[] = [
  {
    id: 'load-from-slices',
    title:
      'loadFrom(key, n) is load(key) from position n: all from 0, the rest from n, [] at or past the end',
    requires: [],
    extension: 'loadFrom',
    async run(ctx) {
      const read = loadFromOf(ctx);
      const key = ctx.key();
      const first = ctx.entries(3);
      const second = ctx.entries(2);
      await ctx.store.append(key, first);
      ctx.equal(await read(key, 0), first, 'loadFrom 0 after one append');
      ctx.equal(await read(key, 3), [], 'loadFrom at the end');
      await ctx.store.append(key, second);
      ctx.equal(await read(key, 3), second, 'loadFrom 3 after a second append: only the new entries');
      ctx.equal(await read(key, 4), second.slice(1), 'loadFrom 4');
      ctx.equal(await read(key, 0), await ctx.store.load(key), 'loadFrom 0 equals load');
      ctx.equal(await read(key, 5), [], 'loadFrom at the end after two appends');
      ctx.equal(await read(key, 1_000_000), [], 'loadFrom far past the end');
    },
  },
  {
    id: 'load-from-unknown-null',
    title: 'loadFrom of a never-written key is null at any position; a subpath reads its own transcript',
    requires: [],
    extension: 'loadFrom',
    async run(ctx) {
      const read = loadFromOf(ctx);
      const key = ctx.key();
      ctx.equal(await read(key, 0), null, 'loadFrom 0 of a never-written session');
      ctx.equal(await read(key, 7), null, 'loadFrom 7 of a never-written session');
      const main = ctx.entries(2);
      const sub = ctx.entries(3);
      const subKey = ctx.sub(key, 'subagents/agent-1');
      await ctx.store.append(key, main);
      await ctx.store.append(subKey, sub);
      ctx.equal(await read(ctx.sub(key, 'subagents/agent-none'), 0), null, 'loadFrom of an unknown subpath');
      ctx.equal(await read(subKey, 1), sub.slice(1), 'loadFrom 1 of the subpath');
      ctx.equal(await read(key, 1), main.slice(1), 'loadFrom 1 of the main transcript');
    },
  },
  {
    id: 'load-from-positions-stable-under-dedupe',
    title: 'a retried batch the store dedupes adds no position: loadFrom after it returns only new entries',
    requires: [],
    optIn: 'uuidDedupe',
    extension: 'loadFrom',
    async run(ctx) {
      const read = loadFromOf(ctx);
      const key = ctx.key();
      const [r1, r2, r3] = ctx.entries(3) as [SessionStoreEntry, SessionStoreEntry, SessionStoreEntry];
      await ctx.store.append(key, [r1, r2]);
      await ctx.store.append(key, [r2, r3]);
      ctx.equal(
        (await read(key, 2))?.map((entry) => entry.uuid),
        [r3.uuid],
        'loadFrom 2 after a retried batch',
      );
    },
  },
];
