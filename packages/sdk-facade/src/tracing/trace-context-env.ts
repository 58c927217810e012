import type { Context } from '@opentelemetry/api';
import type { OtelApi } from './load-otel-api.js';

/** W3C trace context version this SDK writes in `TRACEPARENT`. */
const TRACEPARENT_VERSION = '00';

/**
 * The environment variable for a propagation key, by the OpenTelemetry environment-variable
 * carrier rules: upper case, every character other than a letter, digit or underscore replaced
 * by an underscore (`traceparent` is `TRACEPARENT`, `baggage` is `BAGGAGE`).
 */
export function envNameOfPropagationKey(key: string): string {
  return key.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
}

/**
 * The variables that carry `ctx` to a child process: whatever the application's registered
 * propagator injects (mapped to environment names), and in any case the W3C `TRACEPARENT` and
 * `TRACESTATE` of the span in `ctx` when it is valid (the default global propagator injects
 * nothing). Empty when `ctx` holds no valid span and the propagator adds nothing.
 */
export function traceContextEnv(api: OtelApi, ctx: Context): Record<string, string> {
  const carrier: Record<string, string> = {};
  api.propagation.inject(ctx, carrier);
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(carrier)) {
    if (typeof value === 'string') env[envNameOfPropagationKey(key)] = value;
  }
  const spanContext = api.trace.getSpanContext(ctx);
  if (spanContext !== undefined && api.trace.isSpanContextValid(spanContext)) {
    const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, '0');
    env['TRACEPARENT'] ??= `${TRACEPARENT_VERSION}-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
    const state = spanContext.traceState?.serialize();
    if (state !== undefined && state !== '') env['TRACESTATE'] ??= state;
  }
  return env;
}
