import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRawTokenVerifier, createTokenVerifier, generateToken } from './auth.js';

describe('createTokenVerifier', () => {
  const verify = createTokenVerifier('s3cret-token-value-123');

  it('should accept exactly the token as a bearer credential', () => {
    expect(verify('Bearer s3cret-token-value-123')).toBe('default');
    expect(verify('bearer s3cret-token-value-123')).toBe('default');
    expect(verify('Bearer   s3cret-token-value-123  ')).toBe('default');
  });

  it.each([
    [undefined],
    [''],
    ['s3cret-token-value-123'],
    ['Basic s3cret-token-value-123'],
    ['Bearer'],
    ['Bearer s3cret-token-value-12'],
    ['Bearer s3cret-token-value-1234'],
    ['Bearer s3cret-token-value-123 extra'],
  ])('should refuse %j', (header) => {
    expect(verify(header)).toBeUndefined();
  });

  it('should refuse any other token', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((t) => t !== 's3cret-token-value-123' && !/\s/.test(t)),
        (t) => {
          expect(verify(`Bearer ${t}`)).toBeUndefined();
        },
      ),
    );
  });
});

describe('createRawTokenVerifier', () => {
  const verify = createRawTokenVerifier('s3cret-token-value-123');

  it('should accept exactly the token, with nothing around it', () => {
    expect(verify('s3cret-token-value-123')).toBe('default');
  });

  it.each([
    [undefined],
    [''],
    ['Bearer s3cret-token-value-123'],
    [' s3cret-token-value-123'],
    ['s3cret-token-value-123 '],
    ['S3CRET-TOKEN-VALUE-123'],
    ['s3cret-token-value-12'],
  ])('should refuse %j', (presented) => {
    expect(verify(presented)).toBeUndefined();
  });

  it('should refuse any other string', () => {
    fc.assert(
      fc.property(
        fc.string().filter((t) => t !== 's3cret-token-value-123'),
        (t) => {
          expect(verify(t)).toBeUndefined();
        },
      ),
    );
  });
});

describe('generateToken', () => {
  it('should make distinct 43-character base64url tokens', () => {
    const a = generateToken();
    const b = generateToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});
