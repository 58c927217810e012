import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID_CHARS } from './observability-limits.js';
import { isWellFormedRequestId, requestIdOf } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it.each([
    'abc',
    '0b7e3f6a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    'Root=1-67891233-abcdef012345678912345678',
    'trace:span/1+2=3@edge_4.5',
    'x'.repeat(MAX_REQUEST_ID_CHARS),
  ])('should keep the well-formed id %j', (id) => {
    expect(requestIdOf(id)).toBe(id);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['one character too long', 'x'.repeat(MAX_REQUEST_ID_CHARS + 1)],
    ['far too long', 'a'.repeat(100_000)],
    ['CRLF header injection', 'abc\r\nSet-Cookie: x=1'],
    ['a bare LF', 'abc\ndef'],
    ['a NUL', 'abc\u0000'],
    ['other control characters', 'abc\u001b[31mred'],
    ['a space', 'abc def'],
    ['quotes', 'abc"}{"level":"error'],
    ['non-ASCII', 'abcé'],
    ['a repeated header', ['one', 'two']],
  ])('should replace an id that is %s by a new UUID', (_label, header) => {
    const id = requestIdOf(header as string | string[] | undefined);
    expect(id).toMatch(UUID);
    expect(isWellFormedRequestId(id)).toBe(true);
  });

  it('should generate a different id each time', () => {
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});
