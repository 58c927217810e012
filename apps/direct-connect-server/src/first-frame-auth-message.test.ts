import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAuthMessageToken } from './first-frame-auth-message.js';

const frame = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('readAuthMessageToken', () => {
  it('should read the token of exactly the auth message, with white space around it', () => {
    const message = { type: 'auth', credential: { type: 'oauth', token: 't0ken' } };
    expect(readAuthMessageToken(frame(message))).toBe('t0ken');
    expect(readAuthMessageToken(frame(`  ${JSON.stringify(message)}\n`))).toBe('t0ken');
    expect(readAuthMessageToken(frame({ credential: { token: 'k', type: 'oauth' }, type: 'auth' }))).toBe(
      'k',
    );
  });

  it.each([
    ['empty', ''],
    ['truncated', '{"type":"auth","credential":{"type":"oauth","token":"t"}'],
    ['two messages', '{"type":"auth","credential":{"type":"oauth","token":"t"}}\n{"type":"user"}'],
    ['null', 'null'],
    ['a number', '7'],
    ['an array', [{ type: 'auth', credential: { type: 'oauth', token: 't' } }]],
    ['no credential', { type: 'auth' }],
    ['a null credential', { type: 'auth', credential: null }],
    ['a string credential', { type: 'auth', credential: 't' }],
    ['another message type', { type: 'user', credential: { type: 'oauth', token: 't' } }],
    ['another credential type', { type: 'auth', credential: { type: 'api_key', token: 't' } }],
    ['an extra top-level key', { type: 'auth', credential: { type: 'oauth', token: 't' }, session_id: 's' }],
    ['an extra credential key', { type: 'auth', credential: { type: 'oauth', token: 't', scope: 'x' } }],
    ['a non-string token', { type: 'auth', credential: { type: 'oauth', token: ['t'] } }],
    ['an empty token', { type: 'auth', credential: { type: 'oauth', token: '' } }],
    ['an inherited key', '{"type":"auth","__proto__":{"credential":{"type":"oauth","token":"t"}}}'],
  ])('should refuse %s', (_label, value) => {
    expect(readAuthMessageToken(frame(value))).toBeUndefined();
  });

  it('should refuse bytes that are not UTF-8', () => {
    const good = JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: 'tok' } });
    const bytes = Buffer.from(good);
    bytes[bytes.indexOf('tok')] = 0xff;
    expect(readAuthMessageToken(bytes)).toBeUndefined();
  });

  it('should never throw, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        readAuthMessageToken(Buffer.from(bytes));
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(readAuthMessageToken(frame(JSON.stringify(value)))).toBeUndefined();
      }),
    );
  });
});
