import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DirectConnectError } from './errors.js';
import { parseDirectConnectUrl, redactDirectConnectUrl } from './parse-direct-connect-url.js';

function codeOf(input: string): string | undefined {
  try {
    parseDirectConnectUrl(input);
    return undefined;
  } catch (error) {
    return DirectConnectError.isInstance(error) ? error.code : 'not a DirectConnectError';
  }
}

describe('parseDirectConnectUrl', () => {
  it('should turn cc://host:port/<token> into HTTP and WebSocket endpoints and a bearer token', () => {
    expect(parseDirectConnectUrl('cc://127.0.0.1:7411/secret-token')).toEqual({
      httpUrl: 'http://127.0.0.1:7411',
      wsUrl: 'ws://127.0.0.1:7411',
      host: '127.0.0.1',
      port: 7411,
      token: 'secret-token',
    });
  });

  it('should keep IPv6 brackets and percent-decode the token', () => {
    const endpoint = parseDirectConnectUrl('cc://[::1]:9000/a%2Fb%20c');
    expect(endpoint.httpUrl).toBe('http://[::1]:9000');
    expect(endpoint.token).toBe('a/b c');
  });

  it('should give no token for an empty path', () => {
    expect(parseDirectConnectUrl('cc://localhost:80/').token).toBeUndefined();
    expect(parseDirectConnectUrl('cc://localhost:80').token).toBeUndefined();
  });

  it('should recognise cc+unix:// and refuse it with UNSUPPORTED_TRANSPORT', () => {
    expect(codeOf('cc+unix:///var/run/claude.sock')).toBe('UNSUPPORTED_TRANSPORT');
    expect(codeOf('CC+UNIX:///tmp/x')).toBe('UNSUPPORTED_TRANSPORT');
  });

  it.each([
    ['http://127.0.0.1:7411/tok'],
    ['ws://127.0.0.1:7411/tok'],
    ['not a url'],
    [''],
    ['cc://127.0.0.1/tok'],
    ['cc://127.0.0.1:0/tok'],
    ['cc://user:pw@127.0.0.1:1/tok'],
    ['cc://127.0.0.1:1/tok?x=1'],
    ['cc://127.0.0.1:1/tok#frag'],
    ['cc://127.0.0.1:1/%E0%A4%A'],
  ])('should refuse %j with INVALID_URL', (input) => {
    expect(codeOf(input)).toBe('INVALID_URL');
  });

  it('should quote the input without its token', () => {
    let message = '';
    try {
      parseDirectConnectUrl('http://example.com:1/super-secret');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('http://example.com:1/<redacted>');
    expect(message).not.toContain('super-secret');
  });

  it('should refuse a value that is not a string with INVALID_URL', () => {
    expect(() => parseDirectConnectUrl(42 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'INVALID_URL' }),
    );
  });

  it('should round-trip any token through percent-encoding', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64 }),
        fc.integer({ min: 1, max: 65535 }),
        (token, port) => {
          const endpoint = parseDirectConnectUrl(`cc://127.0.0.1:${port}/${encodeURIComponent(token)}`);
          expect(endpoint.token).toBe(token);
          expect(endpoint.port).toBe(port);
        },
      ),
    );
  });
});

describe('redactDirectConnectUrl', () => {
  it('should keep scheme and authority and hide the rest', () => {
    expect(redactDirectConnectUrl('cc://h:1/tok')).toBe('cc://h:1/<redacted>');
    expect(redactDirectConnectUrl('cc://h:1/')).toBe('cc://h:1/');
    expect(redactDirectConnectUrl('cc://h:1')).toBe('cc://h:1');
    expect(redactDirectConnectUrl('x'.repeat(500))).toHaveLength(201);
  });
});

describe('parseDirectConnectUrl dot tokens', () => {
  it.each(['.', '..', 'a/..'])(
    'should keep the token %j instead of resolving it as a dot segment',
    (token) => {
      expect(parseDirectConnectUrl(`cc://127.0.0.1:8080/${encodeURIComponent(token)}`).token).toBe(token);
    },
  );
});
