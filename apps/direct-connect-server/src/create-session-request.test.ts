import { describe, expect, it } from 'vitest';
import { isRefusal, parseCreateSessionRequest } from './create-session-request.js';

const MODES = new Set(['default', 'plan']);

function parse(text: string) {
  return parseCreateSessionRequest(Buffer.from(text), MODES);
}

describe('parseCreateSessionRequest', () => {
  it('should take an empty body as no options', () => {
    expect(parse('')).toEqual({
      cwd: undefined,
      sessionKey: undefined,
      permissionMode: undefined,
      resume: undefined,
    });
  });

  it('should read the fields and ignore unknown ones and nulls', () => {
    expect(
      parse(
        '{"cwd":"p","session_key":"k","permission_mode":"plan","resume":"2F1C6A80-8D1E-4C57-9D57-2B8F3C0E5A11","x":1,"extra":null}',
      ),
    ).toEqual({
      cwd: 'p',
      sessionKey: 'k',
      permissionMode: 'plan',
      resume: '2F1C6A80-8D1E-4C57-9D57-2B8F3C0E5A11',
    });
    expect(parse('{"cwd":null}')).toMatchObject({ cwd: undefined });
  });

  it.each([
    ['{', 400, 'invalid_json'],
    ['"text"', 400, 'invalid_body'],
    ['null', 400, 'invalid_body'],
    ['{"cwd":""}', 400, 'invalid_field'],
    ['{"cwd":"a\\u0000b"}', 400, 'invalid_field'],
    ['{"session_key":7}', 400, 'invalid_field'],
    [`{"session_key":"${'k'.repeat(257)}"}`, 400, 'invalid_field'],
    ['{"permission_mode":"bypassPermissions"}', 403, 'permission_mode_not_allowed'],
    ['{"resume":"../../etc/passwd"}', 400, 'invalid_field'],
  ])('should refuse %s with %d %s', (text, status, code) => {
    const parsed = parse(text);
    expect(isRefusal(parsed)).toBe(true);
    expect(parsed).toMatchObject({ status, code });
  });
});
