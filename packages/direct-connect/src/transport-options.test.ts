import { DEFAULT_MAX_LINE_BYTES } from '@ccsdk/control-protocol';
import { describe, expect, it } from 'vitest';
import {
  SESSION_CREATE_TIMEOUT_MS,
  WEBSOCKET_CLOSE_TIMEOUT_MS,
  WEBSOCKET_OPEN_TIMEOUT_MS,
} from './limits.js';
import { resolveTransportOptions } from './transport-options.js';

describe('resolveTransportOptions', () => {
  it('should default the open timeout to 15 s and the other limits to their named constants', () => {
    const resolved = resolveTransportOptions({ url: 'cc://127.0.0.1:1/t' });
    expect(WEBSOCKET_OPEN_TIMEOUT_MS).toBe(15_000);
    expect(resolved.openTimeoutMs).toBe(WEBSOCKET_OPEN_TIMEOUT_MS);
    expect(resolved.createTimeoutMs).toBe(SESSION_CREATE_TIMEOUT_MS);
    expect(resolved.closeTimeoutMs).toBe(WEBSOCKET_CLOSE_TIMEOUT_MS);
    expect(resolved.maxLineBytes).toBe(DEFAULT_MAX_LINE_BYTES);
    expect(resolved.deleteSessionOnClose).toBe(false);
  });

  it('should let the token win over a caller-supplied authorization header', () => {
    const resolved = resolveTransportOptions({
      url: 'cc://127.0.0.1:1/real',
      headers: { Authorization: 'Bearer forged', 'x-trace': '1' },
    });
    expect(resolved.headers).toEqual({ 'x-trace': '1', authorization: 'Bearer real' });
  });

  it('should quote the bad value in the TypeError', () => {
    expect(() => resolveTransportOptions({ url: 'cc://127.0.0.1:1/t', openTimeoutMs: -5 })).toThrow(/-5/);
    expect(() => resolveTransportOptions(null as never)).toThrow(/null/);
  });
});
