import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptMirrorBatcherOptions } from './batcher-options.js';
import type { MirrorBatcherError } from './errors.js';
import { MIRROR_APPEND_MAX_ATTEMPTS, MIRROR_MAX_PENDING_ENTRIES, MIRROR_RETRY_DELAYS_MS } from './limits.js';
import type { SystemMirrorErrorMessage } from './mirror-error-message.js';
import { type Behaviour, RecordingStore } from './recording-store.test-helpers.js';
import { TranscriptMirrorBatcher } from './transcript-mirror-batcher.js';

const PROJECTS = '/cfg/projects';
const SID = '11111111-1111-4111-8111-111111111111';
const MAIN = `${PROJECTS}/-w/${SID}.jsonl`;
const SUB = `${PROJECTS}/-w/${SID}/subagents/agent-a1.jsonl`;
const OTHER = `${PROJECTS}/-w/22222222-2222-4222-8222-222222222222.jsonl`;

let counter = 0;
const entries = (n: number) =>
  Array.from({ length: n }, () => ({ type: 'user', uuid: `u${counter++}`, sessionId: SID }));

function setup(
  script: Behaviour[] = [],
  options: Partial<TranscriptMirrorBatcherOptions> = {},
  fallback: Behaviour = 'ok',
) {
  const store = new RecordingStore(script, fallback);
  const errors: { message: SystemMirrorErrorMessage; error: MirrorBatcherError }[] = [];
  const batcher = new TranscriptMirrorBatcher({
    store,
    projectsDir: PROJECTS,
    onError: (message, error) => errors.push({ message, error }),
    ...options,
  });
  return { store, errors, batcher };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('TranscriptMirrorBatcher coalescing and thresholds', () => {
  it('should coalesce frames by file path in first-seen order on flush', async () => {
    const { store, batcher } = setup();
    const [a1, b1, a2] = [entries(2), entries(1), entries(3)];
    batcher.enqueue({ filePath: MAIN, entries: a1 });
    batcher.enqueue({ filePath: SUB, entries: b1 });
    batcher.enqueue({ filePath: MAIN, entries: a2 });
    expect(store.calls).toHaveLength(0);
    await batcher.flush();
    expect(store.calls).toEqual([
      { key: { projectKey: '-w', sessionId: SID }, entries: [...a1, ...a2] },
      { key: { projectKey: '-w', sessionId: SID, subpath: 'subagents/agent-a1' }, entries: b1 },
    ]);
  });

  it('should start a background drain only past the entry threshold (strictly greater)', async () => {
    const { store, batcher } = setup();
    batcher.enqueue({ filePath: MAIN, entries: entries(MIRROR_MAX_PENDING_ENTRIES) });
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.calls).toHaveLength(0);
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await vi.waitFor(() => expect(store.calls).toHaveLength(1));
    expect(store.calls[0]?.entries).toHaveLength(MIRROR_MAX_PENDING_ENTRIES + 1);
    expect(batcher.pendingEntryCount).toBe(0);
  });

  it('should start a background drain past the size threshold in string-length units', async () => {
    const { store, batcher } = setup([], { maxPendingChars: 1000 });
    const big = [{ type: 'user', text: 'é'.repeat(600) }];
    batcher.enqueue({ filePath: MAIN, entries: big });
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.calls).toHaveLength(0);
    batcher.enqueue({ filePath: MAIN, entries: big });
    await vi.waitFor(() => expect(store.calls).toHaveLength(1));
  });

  it('should drain after every frame in eager mode, coalescing frames that arrive during an append', async () => {
    const { store, batcher } = setup(['manual', 'manual'], { mode: 'eager' });
    const first = entries(1);
    batcher.enqueue({ filePath: MAIN, entries: first });
    await vi.waitFor(() => expect(store.waiting).toBe(1));
    const later = [entries(1), entries(1), entries(1)];
    for (const frame of later) batcher.enqueue({ filePath: MAIN, entries: frame });
    expect(store.calls).toHaveLength(1);
    store.release();
    await vi.waitFor(() => expect(store.waiting).toBe(1));
    expect(store.calls.map((call) => call.entries.length)).toEqual([1, 3]);
    store.release();
    await batcher.flush();
    expect(store.calls).toHaveLength(2);
  });

  it('should ignore frames without entries', async () => {
    const { store, batcher, errors } = setup([], { mode: 'eager' });
    batcher.enqueue({ filePath: MAIN, entries: [] });
    await batcher.flush();
    expect(store.calls).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('should keep per-key order across any mix of thresholds, frames and flushes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(MAIN, SUB, OTHER), fc.integer({ min: 0, max: 7 }), fc.boolean()), {
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('batched' as const, 'eager' as const),
        async (steps, threshold, mode) => {
          const { store, batcher, errors } = setup([], { maxPendingEntries: threshold, mode });
          const expected = new Map<string, string[]>();
          for (const [filePath, count, flush] of steps) {
            const frame = entries(count);
            expected.set(filePath, [...(expected.get(filePath) ?? []), ...frame.map((e) => e.uuid)]);
            batcher.enqueue({ filePath, entries: frame });
            if (flush) await batcher.flush();
          }
          await batcher.close();
          expect(errors).toEqual([]);
          const stored = (path: string) => {
            const key =
              path === SUB ? `-w/${SID}/subagents/agent-a1` : `-w/${path.slice(PROJECTS.length + 4, -6)}`;
            return (store.stored.get(key) ?? []).map((e) => e.uuid);
          };
          for (const [path, uuids] of expected) expect(stored(path)).toEqual(uuids);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('TranscriptMirrorBatcher retries and timeouts', () => {
  it('should retry ordinary failures after 200 and 800 ms and lose nothing when the third attempt succeeds', async () => {
    vi.useFakeTimers();
    const { store, batcher, errors } = setup(['fail', 'fail', 'ok']);
    const frame = entries(3);
    batcher.enqueue({ filePath: MAIN, entries: frame });
    const flushed = batcher.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(store.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(799);
    expect(store.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await flushed;
    expect(store.calls).toHaveLength(3);
    expect(errors).toEqual([]);
    expect(store.stored.get(`-w/${SID}`)).toEqual(frame);
    expect(batcher.batchesDropped).toBe(false);
  });

  it('should report a mirror_error after three failed attempts and keep going with the next batch', async () => {
    vi.useFakeTimers();
    const { store, batcher, errors } = setup(['fail', 'fail', 'fail', 'ok']);
    batcher.enqueue({ filePath: MAIN, entries: entries(2) });
    const first = batcher.flush();
    await vi.advanceTimersByTimeAsync(2_000);
    await first;
    expect(store.calls).toHaveLength(MIRROR_APPEND_MAX_ATTEMPTS);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.error.code).toBe('APPEND_FAILED');
    expect(errors[0]?.message).toMatchObject({
      type: 'system',
      subtype: 'mirror_error',
      key: { projectKey: '-w', sessionId: SID },
      session_id: SID,
    });
    expect(errors[0]?.message.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(errors[0]?.error.cause).toBeInstanceOf(Error);
    expect(batcher.batchesDropped).toBe(true);
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(store.calls).toHaveLength(4);
  });

  it('should time out a hanging append without retrying it', async () => {
    vi.useFakeTimers();
    const { store, batcher, errors } = setup(['hang'], { appendTimeoutMs: 60_000 });
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    const flushed = batcher.flush();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(errors).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await flushed;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(store.calls).toHaveLength(1);
    expect(errors.map((e) => e.error.code)).toEqual(['APPEND_TIMEOUT']);
    expect(batcher.droppedBatchCount).toBe(1);
  });

  it('should treat an append that throws synchronously as an ordinary failure', async () => {
    const errors: string[] = [];
    let calls = 0;
    const batcher = new TranscriptMirrorBatcher({
      store: {
        append: () => {
          calls++;
          throw new Error('sync');
        },
        load: async () => null,
      },
      projectsDir: PROJECTS,
      retryDelaysMs: [0, 0],
      onError: (_, error) => errors.push(error.code),
    });
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(calls).toBe(3);
    expect(errors).toEqual(['APPEND_FAILED']);
  });

  it('should use as many attempts as retry delays plus one', () => {
    expect(MIRROR_RETRY_DELAYS_MS).toEqual([200, 800]);
    expect(MIRROR_RETRY_DELAYS_MS.length + 1).toBe(MIRROR_APPEND_MAX_ATTEMPTS);
  });
});

describe('TranscriptMirrorBatcher bad input and shutdown', () => {
  it('should report an unmappable path with a null key and append nothing for it', async () => {
    const { store, batcher, errors } = setup();
    batcher.enqueue({ filePath: '/elsewhere/x.jsonl', entries: entries(1) });
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(store.calls).toHaveLength(1);
    expect(errors.map((e) => [e.error.code, e.message.key, e.message.session_id])).toEqual([
      ['UNMAPPABLE_PATH', null, SID],
    ]);
  });

  it('should report every frame as unmappable when there is no projects dir, naming CLAUDE_CONFIG_DIR', async () => {
    const { store, batcher, errors } = setup([], { projectsDir: undefined });
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(store.calls).toEqual([]);
    expect(errors[0]?.message.error).toContain('CLAUDE_CONFIG_DIR');
  });

  it('should report malformed frames instead of throwing, and survive a throwing onError', async () => {
    const store = new RecordingStore();
    const batcher = new TranscriptMirrorBatcher({
      store,
      projectsDir: PROJECTS,
      onError: () => {
        throw new Error('handler bug');
      },
    });
    expect(() => batcher.enqueue(null as never)).not.toThrow();
    expect(() => batcher.enqueue({ filePath: 7, entries: [] } as never)).not.toThrow();
    expect(() => batcher.enqueue({ filePath: MAIN, entries: 'x' } as never)).not.toThrow();
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(store.calls).toHaveLength(1);
    expect(batcher.droppedBatchCount).toBe(3);
  });

  it('should flush at close, report later frames as CLOSED, and return the same promise twice', async () => {
    const { store, batcher, errors } = setup();
    batcher.enqueue({ filePath: MAIN, entries: entries(2) });
    const closing = batcher.close();
    expect(batcher.close()).toBe(closing);
    await closing;
    expect(store.calls).toHaveLength(1);
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    await batcher.flush();
    expect(store.calls).toHaveLength(1);
    expect(errors.map((e) => [e.error.code, e.message.key])).toEqual([
      ['CLOSED', { projectKey: '-w', sessionId: SID }],
    ]);
  });

  it('should let flush wait only for frames enqueued before it', async () => {
    const { store, batcher } = setup(['manual']);
    batcher.enqueue({ filePath: MAIN, entries: entries(1) });
    const flushed = batcher.flush();
    await vi.waitFor(() => expect(store.waiting).toBe(1));
    batcher.enqueue({ filePath: SUB, entries: entries(1) });
    store.release();
    await flushed;
    expect(store.calls).toHaveLength(1);
    expect(batcher.pendingEntryCount).toBe(1);
  });

  it.each([
    ['store', { store: {} }],
    ['mode', { mode: 'lazy' }],
    ['onError', { onError: 'x' }],
    ['maxPendingEntries', { maxPendingEntries: -1 }],
    ['maxPendingChars', { maxPendingChars: 1.5 }],
    ['appendTimeoutMs', { appendTimeoutMs: 0 }],
    ['appendTimeoutMs', { appendTimeoutMs: 2 ** 31 }],
    ['retryDelaysMs', { retryDelaysMs: [200, -1] }],
    ['retryDelaysMs', { retryDelaysMs: 'fast' }],
    ['projectsDir', { projectsDir: '' }],
  ])('should refuse a bad %s eagerly with a TypeError quoting it', (name, bad) => {
    expect(() => setup([], bad as never)).toThrow(new RegExp(`option ${name}.* got `));
  });
});
