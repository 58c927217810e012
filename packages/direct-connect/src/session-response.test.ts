import { describe, expect, it } from 'vitest';
import { DirectConnectError } from './errors.js';
import { parseSessionResponse } from './session-response.js';

const BASE = 'ws://127.0.0.1:7411';

function codeOf(body: unknown): string | undefined {
  try {
    parseSessionResponse(body, BASE);
    return undefined;
  } catch (error) {
    return DirectConnectError.isInstance(error) ? error.code : 'other';
  }
}

describe('parseSessionResponse', () => {
  it('should keep session_id, ws_url and work_dir but not session_key', () => {
    const session = parseSessionResponse(
      { session_id: 'abc', ws_url: `${BASE}/sessions/abc/ws`, work_dir: '/w', session_key: 'k' },
      BASE,
    );
    expect(session).toEqual({ sessionId: 'abc', wsUrl: `${BASE}/sessions/abc/ws`, workDir: '/w' });
  });

  it('should resolve a relative ws_url against the server', () => {
    expect(parseSessionResponse({ session_id: 'a', ws_url: '/sessions/a/ws' }, BASE).wsUrl).toBe(
      `${BASE}/sessions/a/ws`,
    );
  });

  it('should accept absent or null optional fields', () => {
    expect(
      parseSessionResponse({ session_id: 'a', ws_url: '/x', work_dir: null }, BASE).workDir,
    ).toBeUndefined();
  });

  it.each([
    ['a string', 'hello'],
    ['null', null],
    ['an array', [1]],
    ['no session_id', { ws_url: '/x' }],
    ['an empty session_id', { session_id: '', ws_url: '/x' }],
    ['a numeric session_id', { session_id: 7, ws_url: '/x' }],
    ['no ws_url', { session_id: 'a' }],
    ['an http ws_url', { session_id: 'a', ws_url: 'http://127.0.0.1:7411/x' }],
    ['a ws_url on another host', { session_id: 'a', ws_url: 'ws://evil.example:7411/x' }],
    ['a ws_url on another port', { session_id: 'a', ws_url: 'ws://127.0.0.1:1/x' }],
    ['a numeric work_dir', { session_id: 'a', ws_url: '/x', work_dir: 5 }],
    ['an object session_key', { session_id: 'a', ws_url: '/x', session_key: {} }],
  ])('should refuse %s with MALFORMED_SESSION_RESPONSE', (_label, body) => {
    expect(codeOf(body)).toBe('MALFORMED_SESSION_RESPONSE');
  });
});
