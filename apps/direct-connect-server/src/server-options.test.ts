import { describe, expect, it } from 'vitest';
import { startDirectConnectServer } from './direct-connect-server.js';
import {
  DEFAULT_HOST,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  MAX_PENDING_AUTH_SOCKETS,
  WEBSOCKET_AUTH_DEADLINE_MS,
} from './limits.js';
import type { LogEntry } from './logger.js';
import { resolveServerOptions } from './server-options.js';
import { DEFAULT_ATTACHED_IDLE_TIMEOUT_MS } from './tokens/token-limits.js';

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
    expect(resolved.attachedIdleTimeoutMs).toBe(DEFAULT_ATTACHED_IDLE_TIMEOUT_MS);
    expect(resolved.tokensFile).toBeUndefined();
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
    [{ token: TOKEN, allowedOrigins: 'https://a.example' }, /allowedOrigins must be an array/],
    [{ token: TOKEN, allowedOrigins: ['https://a.example/'] }, /not a bare origin/],
    [{ token: TOKEN, allowedOrigins: ['*'] }, /"\*"/],
    [{ token: TOKEN, authDeadlineMs: 0 }, /authDeadlineMs.*0/],
    [{ token: TOKEN, authDeadlineMs: 1.5 }, /authDeadlineMs/],
    [{ token: TOKEN, maxPendingAuthSockets: 0 }, /maxPendingAuthSockets/],
    [{ token: TOKEN, tokensFile: 'tokens.json' }, /not both/],
    [{ tokensFile: '' }, /tokensFile/],
    [{ tokensFile: 42 }, /tokensFile/],
    [{}, /token must be/],
    [{ token: TOKEN, attachedIdleTimeoutMs: 0 }, /attachedIdleTimeoutMs/],
    [{ token: TOKEN, attachedIdleTimeoutMs: 1.5 }, /attachedIdleTimeoutMs/],
  ])('should refuse %j with a TypeError', (options, message) => {
    expect(() => resolveServerOptions(options as never)).toThrow(TypeError);
    expect(() => resolveServerOptions(options as never)).toThrow(message);
  });

  it('should default to no allowed origin, the named auth deadline and pending cap', () => {
    const resolved = resolveServerOptions({ token: TOKEN });
    expect(resolved.allowedOrigins.size).toBe(0);
    expect(resolved.authDeadlineMs).toBe(WEBSOCKET_AUTH_DEADLINE_MS);
    expect(WEBSOCKET_AUTH_DEADLINE_MS).toBe(5_000);
    expect(resolved.maxPendingAuthSockets).toBe(MAX_PENDING_AUTH_SOCKETS);
    const custom = resolveServerOptions({
      token: TOKEN,
      allowedOrigins: ['https://a.example', 'http://127.0.0.1:5173'],
      authDeadlineMs: 250,
      maxPendingAuthSockets: 3,
    });
    expect([...custom.allowedOrigins]).toEqual(['https://a.example', 'http://127.0.0.1:5173']);
    expect(custom.authDeadlineMs).toBe(250);
    expect(custom.maxPendingAuthSockets).toBe(3);
  });

  it('should hand the logger no entry that holds the token, whatever a code path puts in it', () => {
    const entries: LogEntry[] = [];
    const { logger } = resolveServerOptions({
      token: 'tok"en\\with-quotes-123',
      logger: (e) => entries.push(e),
    });
    logger({ level: 'info', event: 'plain', path: '/health' });
    logger({ level: 'warn', event: 'raw', header: 'Bearer tok"en\\with-quotes-123' });
    logger({ level: 'warn', event: 'escaped', text: JSON.stringify('tok"en\\with-quotes-123') });
    logger({
      level: 'error',
      event: 'nested',
      error: new Error('outer', { cause: new Error('header was tok"en\\with-quotes-123') }),
    });
    expect(entries).toEqual([
      { level: 'info', event: 'plain', path: '/health' },
      { level: 'warn', event: 'raw', redacted: true },
      { level: 'warn', event: 'escaped', redacted: true },
      { level: 'error', event: 'nested', redacted: true },
    ]);
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
