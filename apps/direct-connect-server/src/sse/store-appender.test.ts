import { InMemorySessionStore, type SessionKey, type SessionStoreEntry } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../logger.js';
import { StoreAppender } from './store-appender.js';

const KEY: SessionKey = { projectKey: 'ccsdk-serve-events', sessionId: 's1' };
const entry = (seq: number, extra: object = {}): SessionStoreEntry => ({
  type: 'ccsdk_event',
  uuid: `u${seq}`,
  sequence_num: seq,
  ...extra,
});

describe('StoreAppender', () => {
  it('should append in order, coalescing what comes while an append is in flight', async () => {
    const store = new InMemorySessionStore();
    const batches: number[] = [];
    const appender = new StoreAppender(
      {
        append: async (key, entries) => {
          batches.push(entries.length);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await store.append(key, entries);
        },
        load: (key) => store.load(key),
      },
      KEY,
      () => undefined,
    );
    for (let seq = 1; seq <= 10; seq++) appender.enqueue(entry(seq));
    await appender.flush();
    expect(batches).toEqual([1, 9]);
    expect(store.getEntries(KEY).map((e) => e['sequence_num'])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('should log a failed append without the payload or the message, and go on with the next', async () => {
    const logs: LogEntry[] = [];
    const store = new InMemorySessionStore();
    let calls = 0;
    const appender = new StoreAppender(
      {
        append: async (key, entries) => {
          calls += 1;
          if (calls === 1)
            throw Object.assign(new Error('cannot write {"secret-payload"}'), { code: 'TIMEOUT' });
          await store.append(key, entries);
        },
        load: (key) => store.load(key),
      },
      KEY,
      (e) => logs.push(e),
    );
    appender.enqueue(entry(1, { payload: { text: 'secret-payload' } }));
    appender.enqueue(entry(2));
    await appender.flush();
    expect(store.getEntries(KEY).map((e) => e['sequence_num'])).toEqual([2]);
    expect(logs).toEqual([
      expect.objectContaining({
        event: 'sse.store_append_failed',
        entries: 1,
        firstSequenceNum: 1,
        error: { name: 'Error', code: 'TIMEOUT' },
      }),
    ]);
    expect(JSON.stringify(logs)).not.toContain('secret-payload');
  });

  it('should append a batch refused for one entry again entry by entry, losing only that one', async () => {
    const logs: LogEntry[] = [];
    const store = new InMemorySessionStore();
    let gate: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const appender = new StoreAppender(
      {
        append: async (key, entries) => {
          if (entries[0]?.['sequence_num'] === 1) await opened;
          if (entries.some((e) => e['huge'] === true)) {
            throw Object.assign(new Error('too large'), { code: 'ENTRY_TOO_LARGE' });
          }
          await store.append(key, entries);
        },
        load: (key) => store.load(key),
      },
      KEY,
      (e) => logs.push(e),
    );
    appender.enqueue(entry(1));
    appender.enqueue(entry(2));
    appender.enqueue(entry(3, { huge: true }));
    appender.enqueue(entry(4));
    gate();
    await appender.flush();
    expect(store.getEntries(KEY).map((e) => e['sequence_num'])).toEqual([1, 2, 4]);
    expect(logs.map((e) => [e.event, e['firstSequenceNum']])).toEqual([['sse.store_append_failed', 3]]);
  });
});
