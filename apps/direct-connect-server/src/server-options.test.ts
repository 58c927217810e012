import { describe, expect, it } from 'vitest';
import { startDirectConnectServer } from './direct-connect-server.js';
import { DEFAULT_HOST, DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './limits.js';
import { resolveServerOptions } from './server-options.js';

const TOKEN = 'a-token-long-enough-123';

describe('resolveServerOptions', () => {
  it('should default to loopback, port 0 and the named limits, without bypassPermissions', () => {
    const resolved = resolveServerOptions({ token: TOKEN });
    expect(resolved.host).toBe(DEFAULT_HOST);
    expect(DEFAULT_HOST).toBe('127.0.0.1');
    expect(resolved.port).toBe(0);
    expect(resolved.maxSessions).toBe(DEFAULT_MAX_SESSIONS);
    expect(resolved.sessionIdleTimeoutMs).toBe(DEFAULT_SESSION_IDLE_TIMEOUT_MS);
    expect(resolved.roots).toEqual([process.cwd()]);
    expect(resolved.allowedPermissionModes.has('bypassPermissions')).toBe(false);
  });

  it.each([
    [{ token: 'short' }, /at least 16/],
    [{ token: 'has a space in the middle' }, /whitespace/],
    [{ token: TOKEN, port: 70000 }, /70000/],
    [{ token: TOKEN, maxSessions: 0 }, /maxSessions/],
    [{ token: TOKEN, roots: [] }, /roots/],
    [{ token: TOKEN, roots: [''] }, /roots/],
    [{ token: TOKEN, publicUrl: 'http://x' }, /"http:\/\/x"/],
    [{ token: TOKEN, sessionStore: { append: () => undefined } }, /load/],
    [{ token: TOKEN, logger: 'stdout' }, /"stdout"/],
  ])('should refuse %j with a TypeError', (options, message) => {
    expect(() => resolveServerOptions(options as never)).toThrow(TypeError);
    expect(() => resolveServerOptions(options as never)).toThrow(message);
  });

  it('should not quote the token in its error', () => {
    expect(() => resolveServerOptions({ token: 'secret-but' })).toThrow(/length 10/);
    expect(() => resolveServerOptions({ token: 'secret-but' })).not.toThrow(/secret-but/);
  });
});

describe('startDirectConnectServer', () => {
  it('should reject a missing root with INVALID_ROOT', async () => {
    await expect(
      startDirectConnectServer({ token: TOKEN, roots: ['/no/such/root/anywhere'], logger: () => undefined }),
    ).rejects.toMatchObject({ code: 'INVALID_ROOT' });
  });

  it('should reject a taken port with LISTEN_FAILED', async () => {
    const first = await startDirectConnectServer({ token: TOKEN, logger: () => undefined });
    try {
      await expect(
        startDirectConnectServer({ token: TOKEN, port: first.port, logger: () => undefined }),
      ).rejects.toMatchObject({ code: 'LISTEN_FAILED' });
    } finally {
      await first.close();
    }
  });
});
