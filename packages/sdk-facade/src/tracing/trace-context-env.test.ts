import { context, propagation, ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOtelApi, type OtelApi } from './load-otel-api.js';
import { envNameOfPropagationKey, traceContextEnv } from './trace-context-env.js';

const api = loadOtelApi() as OtelApi;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

function contextWith(traceFlags: number, traceState?: string) {
  const state = traceState === undefined ? undefined : { serialize: () => traceState };
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: TRACE_ID,
    spanId: SPAN_ID,
    traceFlags,
    ...(state ? { traceState: state as never } : {}),
  });
}

afterEach(() => propagation.disable());

describe('traceContextEnv', () => {
  it('should write the W3C traceparent and tracestate of a valid span context', () => {
    expect(traceContextEnv(api, contextWith(TraceFlags.SAMPLED, 'vendor=abc,other=1'))).toEqual({
      TRACEPARENT: `00-${TRACE_ID}-${SPAN_ID}-01`,
      TRACESTATE: 'vendor=abc,other=1',
    });
    expect(traceContextEnv(api, contextWith(TraceFlags.NONE))).toEqual({
      TRACEPARENT: `00-${TRACE_ID}-${SPAN_ID}-00`,
    });
  });

  it('should write nothing for no span or an invalid one', () => {
    expect(traceContextEnv(api, ROOT_CONTEXT)).toEqual({});
    const invalid = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '0'.repeat(32),
      spanId: '0'.repeat(16),
      traceFlags: 1,
    });
    expect(traceContextEnv(api, invalid)).toEqual({});
    expect(traceContextEnv(api, context.active())).toEqual({});
  });

  it('should carry what a registered propagator injects, under environment names', () => {
    propagation.setGlobalPropagator({
      inject: (_ctx, carrier: Record<string, string>) => {
        carrier['baggage'] = 'user=alice';
        carrier['x-b3-traceid'] = TRACE_ID;
        carrier['traceparent'] = 'from-the-propagator';
      },
      extract: (ctx) => ctx,
      fields: () => ['baggage', 'x-b3-traceid', 'traceparent'],
    });
    expect(traceContextEnv(api, contextWith(TraceFlags.SAMPLED))).toEqual({
      BAGGAGE: 'user=alice',
      X_B3_TRACEID: TRACE_ID,
      TRACEPARENT: 'from-the-propagator',
    });
  });

  it('should map propagation keys to environment names', () => {
    expect(envNameOfPropagationKey('traceparent')).toBe('TRACEPARENT');
    expect(envNameOfPropagationKey('uber-trace-id')).toBe('UBER_TRACE_ID');
    expect(envNameOfPropagationKey('ot.baggage:x')).toBe('OT_BAGGAGE_X');
  });
});
