import { InMemorySessionStore } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import { NewEntriesStore } from './new-entries-store.js';

const KEY = { projectKey: 'p', sessionId: '11111111-1111-4111-8111-111111111111' };
const BATCH = [
  { type: 'user', uuid: 'u1' },
  { type: 'last-prompt', text: 'hi', n: 1 },
  { type: 'last-prompt', text: 'hi', n: 1 },
  { type: 'assistant', uuid: 'u2' },
];

describe('NewEntriesStore', () => {
  it('should append everything once, then only what the store lacks, repeats of uuid-less lines kept', async () => {
    const inner = new InMemorySessionStore();
    const first = new NewEntriesStore(inner);
    await first.append(KEY, BATCH);
    expect(first.tallies).toEqual([{ subpath: undefined, entries: 4, added: 4 }]);
    const second = new NewEntriesStore(inner);
    await second.append(KEY, [
      { n: 1, text: 'hi', type: 'last-prompt' },
      { type: 'user', uuid: 'u1' },
      { type: 'last-prompt', text: 'hi', n: 1 },
      { type: 'assistant', uuid: 'u2' },
      { type: 'last-prompt', text: 'hi', n: 1 },
      { type: 'user', uuid: 'u3' },
    ]);
    expect(second.tallies).toEqual([{ subpath: undefined, entries: 6, added: 2 }]);
    expect(await inner.load(KEY)).toEqual([
      ...BATCH,
      { type: 'last-prompt', text: 'hi', n: 1 },
      { type: 'user', uuid: 'u3' },
    ]);
  });

  it('should keep one tally per subpath and never forward an entry whose uuid it already sent', async () => {
    const inner = new InMemorySessionStore();
    const store = new NewEntriesStore(inner);
    await store.append(KEY, [{ type: 'user', uuid: 'u1' }]);
    await store.append({ ...KEY, subpath: 'subagents/agent-a' }, [
      { type: 'user', uuid: 's1' },
      { type: 'user', uuid: 's1' },
    ]);
    expect(store.tallies).toEqual([
      { subpath: undefined, entries: 1, added: 1 },
      { subpath: 'subagents/agent-a', entries: 2, added: 1 },
    ]);
  });
});
