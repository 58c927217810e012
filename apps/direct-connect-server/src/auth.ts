import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GENERATED_TOKEN_BYTES } from './limits.js';
import { DEFAULT_TOKEN_NAME } from './tokens/token-limits.js';

/**
 * Checks an `Authorization` header against the server's bearer tokens: the name of the token
 * (the principal) when it is one of them, else `undefined`.
 */
export type TokenVerifier = (authorization: string | undefined) => string | undefined;

/**
 * Checks a token as presented (the `token` of a first-frame auth message) against the server's:
 * the token's name (the principal), or `undefined`.
 */
export type RawTokenVerifier = (presented: string | undefined) => string | undefined;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A verifier for `Authorization: Bearer <token>`, comparing in constant time as
 * {@link createRawTokenVerifier} does: of one token (named {@link DEFAULT_TOKEN_NAME}), or
 * through a raw verifier (a tokens file's registry).
 */
export function createTokenVerifier(token: string | RawTokenVerifier): TokenVerifier {
  const verifyRaw = typeof token === 'string' ? createRawTokenVerifier(token) : token;
  return (authorization) =>
    verifyRaw(authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]);
}

/**
 * A verifier for a bare token string, answering `name` for it. Both sides are hashed with
 * SHA-256 first, so `timingSafeEqual` compares two 32-byte digests: the time taken depends
 * neither on where the tokens differ nor on their lengths. `undefined` (nothing presented) is
 * refused after the same comparison, so a missing credential costs the same as a wrong one.
 */
export function createRawTokenVerifier(token: string, name: string = DEFAULT_TOKEN_NAME): RawTokenVerifier {
  const expected = digest(token);
  return (presented) => {
    const same = timingSafeEqual(digest(presented ?? ''), expected);
    return presented !== undefined && same ? name : undefined;
  };
}

/** A fresh random token: {@link GENERATED_TOKEN_BYTES} bytes as base64url. */
export function generateToken(): string {
  return randomBytes(GENERATED_TOKEN_BYTES).toString('base64url');
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
