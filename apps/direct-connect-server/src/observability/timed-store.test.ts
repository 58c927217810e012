import { InMemorySessionStore, type SessionStore } from '@ccsdk/session-store';
import { describe, expect, it } from 'vitest';
import { sampleValue } from '../../test/metric-samples.js';
import { ServerMetrics } from './server-metrics.js';
import { timedStore } from './timed-store.js';

const KEY = { projectKey: 'p', sessionId: 's' };

describe('timedStore', () => {
  it('should time each append and count the ones that reject, passing the answer and the error through', async () => {
    const metrics = new ServerMetrics();
    const inner = new InMemorySessionStore();
    const store = timedStore(inner, 'sse_event_log', metrics);
    await store.append(KEY, [{ type: 'x', uuid: 'u1' }]);
    expect(await store.load(KEY)).toEqual([{ type: 'x', uuid: 'u1' }]);
    await store.delete?.(KEY);
    expect(await inner.load(KEY)).toBeNull();
    const failure = Object.assign(new Error('down'), { code: 'STORE_DOWN' });
    const failing: SessionStore = { append: () => Promise.reject(failure), load: async () => null };
    await expect(timedStore(failing, 'sse_event_log', metrics).append(KEY, [])).rejects.toBe(failure);
    const text = await metrics.exposition();
    expect(sampleValue(text, 'ccsdk_serve_store_append_seconds_count', { log: 'sse_event_log' })).toBe(2);
    expect(sampleValue(text, 'ccsdk_serve_store_append_errors_total', { log: 'sse_event_log' })).toBe(1);
  });

  it('should return the store itself without metrics', () => {
    const store = new InMemorySessionStore();
    expect(timedStore(store, 'transcript_mirror', undefined)).toBe(store);
  });
});
