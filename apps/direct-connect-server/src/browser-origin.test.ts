import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { judgeOrigin, originForLog, parseAllowedOrigins } from './browser-origin.js';

describe('parseAllowedOrigins', () => {
  it('should take bare http and https origins, ports and IPv6 hosts included', () => {
    const origins = [
      'https://app.example.com',
      'http://127.0.0.1:5173',
      'http://[::1]:8080',
      'http://localhost',
    ];
    expect([...parseAllowedOrigins(origins)]).toEqual(origins);
    expect(parseAllowedOrigins(undefined).size).toBe(0);
  });

  it.each([
    ['a trailing slash', 'https://app.example.com/', /write "https:\/\/app.example.com"/],
    ['a path', 'https://app.example.com/chat', /not a bare origin/],
    ['a query', 'https://app.example.com?x=1', /not a bare origin/],
    ['a default port', 'https://app.example.com:443', /write "https:\/\/app.example.com"/],
    ['upper case', 'https://App.example.com', /write "https:\/\/app.example.com"/],
    ['user info', 'https://user:pw@app.example.com', /not a bare origin/],
    ['a wildcard', '*', /http:\/\/ or https:\/\//],
    ['null', 'null', /http:\/\/ or https:\/\//],
    ['no scheme', 'app.example.com', /http:\/\/ or https:\/\//],
    ['another scheme', 'ws://app.example.com', /http:\/\/ or https:\/\//],
    ['a file URL', 'file:///tmp/page.html', /http:\/\/ or https:\/\//],
    ['an empty string', '', /http:\/\/ or https:\/\//],
  ])('should refuse %s with a TypeError quoting it', (_label, entry, message) => {
    expect(() => parseAllowedOrigins([entry])).toThrow(TypeError);
    expect(() => parseAllowedOrigins([entry])).toThrow(message);
  });

  it('should refuse what is not an array of strings, naming the option', () => {
    expect(() => parseAllowedOrigins('https://a.example')).toThrow(/allowedOrigins must be an array/);
    expect(() => parseAllowedOrigins([42], '--allow-origin')).toThrow(/--allow-origin.*got number/);
  });
});

describe('judgeOrigin', () => {
  const allowed = parseAllowedOrigins(['https://app.example.com']);
  const request = (origin: string | undefined) =>
    ({ headers: origin === undefined ? {} : { origin } }) as IncomingMessage;

  it('should tell an absent, an allowed and a refused Origin apart, matching exactly', () => {
    expect(judgeOrigin(allowed, request(undefined))).toEqual({ kind: 'absent' });
    expect(judgeOrigin(allowed, request('https://app.example.com'))).toEqual({
      kind: 'allowed',
      origin: 'https://app.example.com',
    });
    for (const origin of ['null', '', 'https://app.example.com/', 'https://app.example.com.evil.test']) {
      expect(judgeOrigin(allowed, request(origin))).toEqual({ kind: 'refused', origin });
    }
  });

  it('should cut a huge Origin before it reaches a log', () => {
    expect(originForLog('x'.repeat(10_000)).length).toBeLessThanOrEqual(201);
  });
});
