import { describe, expect, it } from 'vitest';
import { sampleValue } from '../../test/metric-samples.js';
import { processMetricsRegistry } from './process-metrics.js';
import { type PoolStats, ServerMetrics } from './server-metrics.js';

describe('ServerMetrics', () => {
  it('should keep each server in its own registry, none in the global one', async () => {
    const { register } = await import('prom-client');
    const a = new ServerMetrics();
    const b = new ServerMetrics();
    a.sessionCreated();
    a.sessionCreated();
    b.sessionCreated();
    expect(sampleValue(await a.exposition(), 'ccsdk_serve_sessions_created_total')).toBe(2);
    expect(sampleValue(await b.exposition(), 'ccsdk_serve_sessions_created_total')).toBe(1);
    expect(await register.getMetricsAsJSON()).toEqual([]);
  });

  it("should collect the process's default metrics once per process, however many servers it starts", async () => {
    const servers = Array.from({ length: 20 }, () => new ServerMetrics());
    for (const server of servers) {
      const own = (await server.registry.getMetricsAsJSON()).map((metric) => metric.name);
      expect(own.filter((name) => !name.startsWith('ccsdk_serve_'))).toEqual([]);
      expect(await server.exposition()).toContain('process_resident_memory_bytes');
    }
    expect(processMetricsRegistry()).toBe(processMetricsRegistry());
    const text = await servers[0]?.exposition();
    expect(text?.match(/^# TYPE nodejs_eventloop_lag_seconds /gm)).toHaveLength(1);
  });

  it('should move every metric it records', async () => {
    const metrics = new ServerMetrics({ sessionsActive: () => 3, webSocketsOpen: () => 2 });
    metrics.sessionRefused('too_many_sessions');
    metrics.sessionFailed('spawn_failed');
    metrics.refusal('/sessions', 403, 'cwd_outside_roots');
    metrics.cliStarted(1.5);
    metrics.firstMessage(2.5);
    metrics.webSocketOpened();
    metrics.sseOpened();
    metrics.sseOpened();
    metrics.sseClosed();
    metrics.bytesIn(10);
    metrics.bytesOut(20);
    metrics.storeAppended('transcript_mirror', 0.002, false);
    metrics.storeAppended('sse_event_log', 0.5, true);
    const text = await metrics.exposition();
    const expected: [string, Record<string, string>, number][] = [
      ['ccsdk_serve_sessions_active', {}, 3],
      ['ccsdk_serve_sessions_refused_total', { reason: 'too_many_sessions' }, 1],
      ['ccsdk_serve_sessions_failed_total', { reason: 'spawn_failed' }, 1],
      ['ccsdk_serve_refusals_total', { route: '/sessions', status: '403', reason: 'cwd_outside_roots' }, 1],
      ['ccsdk_serve_cli_start_seconds_count', {}, 1],
      ['ccsdk_serve_cli_start_seconds_sum', {}, 1.5],
      ['ccsdk_serve_cli_start_seconds_bucket', { le: '2' }, 1],
      ['ccsdk_serve_cli_start_seconds_bucket', { le: '1' }, 0],
      ['ccsdk_serve_first_message_seconds_count', {}, 1],
      ['ccsdk_serve_websocket_connections', {}, 2],
      ['ccsdk_serve_websocket_connections_opened_total', {}, 1],
      ['ccsdk_serve_sse_connections', {}, 1],
      ['ccsdk_serve_sse_connections_opened_total', {}, 2],
      ['ccsdk_serve_bytes_in_total', {}, 10],
      ['ccsdk_serve_bytes_out_total', {}, 20],
      ['ccsdk_serve_store_append_seconds_count', { log: 'transcript_mirror' }, 1],
      ['ccsdk_serve_store_append_seconds_count', { log: 'sse_event_log' }, 1],
      ['ccsdk_serve_store_append_errors_total', { log: 'sse_event_log' }, 1],
    ];
    for (const [name, labels, value] of expected) {
      expect({ name, labels, value: sampleValue(text, name, labels) }).toEqual({ name, labels, value });
    }
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('should read the pool at each scrape, and 0 without a pool', async () => {
    const empty = await new ServerMetrics({ poolStats: () => undefined }).exposition();
    expect(sampleValue(empty, 'ccsdk_serve_pool_size', { state: 'ready' })).toBe(0);
    expect(sampleValue(empty, 'ccsdk_serve_pool_hits_total')).toBe(0);
    let stats: PoolStats = { ready: 2, starting: 1, hits: 5, misses: 1, replaced: 0 };
    const metrics = new ServerMetrics({ poolStats: () => stats });
    let text = await metrics.exposition();
    expect(sampleValue(text, 'ccsdk_serve_pool_size', { state: 'ready' })).toBe(2);
    expect(sampleValue(text, 'ccsdk_serve_pool_size', { state: 'starting' })).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_pool_hits_total')).toBe(5);
    stats = { ready: 0, starting: 2, hits: 7, misses: 3, replaced: 1 };
    text = await metrics.exposition();
    expect(sampleValue(text, 'ccsdk_serve_pool_size', { state: 'ready' })).toBe(0);
    expect(sampleValue(text, 'ccsdk_serve_pool_hits_total')).toBe(7);
    expect(sampleValue(text, 'ccsdk_serve_pool_misses_total')).toBe(3);
    expect(sampleValue(text, 'ccsdk_serve_pool_replaced_total')).toBe(1);
  });

  it('should fold a reason that is not a plain code into other', async () => {
    const metrics = new ServerMetrics();
    metrics.refusal('/sessions', 400, 'Bad "reason"\n{x}');
    expect(
      sampleValue(await metrics.exposition(), 'ccsdk_serve_refusals_total', {
        route: '/sessions',
        status: '400',
        reason: 'other',
      }),
    ).toBe(1);
  });
});
