import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { GENERATED_TOKEN_BYTES } from './limits.js';

/** Checks an `Authorization` header against the server's bearer token. */
export type TokenVerifier = (authorization: string | undefined) => boolean;

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

/**
 * A verifier for `Authorization: Bearer <token>`. Both sides are hashed with SHA-256 first, so
 * `timingSafeEqual` compares two 32-byte digests: the time taken depends neither on where the
 * tokens differ nor on their lengths.
 */
export function createTokenVerifier(token: string): TokenVerifier {
  const expected = digest(token);
  return (authorization) => {
    const presented = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    // Compare even when nothing was presented, so a missing header costs the same as a wrong one.
    const same = timingSafeEqual(digest(presented ?? ''), expected);
    return presented !== undefined && same;
  };
}

/** A fresh random token: {@link GENERATED_TOKEN_BYTES} bytes as base64url. */
export function generateToken(): string {
  return randomBytes(GENERATED_TOKEN_BYTES).toString('base64url');
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
