import { SessionStoreError } from './errors.js';
import { quote } from './quote.js';
import type { SessionKey } from './types.js';

/** True for the key of a main transcript: no subpath, or an empty one. */
export function isMainKey(key: SessionKey): boolean {
  return key.subpath === undefined || key.subpath === '';
}

/**
 * A stable string for a key: `<projectKey>\u0000<sessionId>` plus `\u0000<subpath>` for a
 * subagent key. An empty subpath gives the main key's string.
 */
export function keyString(key: SessionKey): string {
  const main = `${key.projectKey}\u0000${key.sessionId}`;
  return isMainKey(key) ? main : `${main}\u0000${key.subpath}`;
}

/** Throws `INVALID_KEY` unless `key` has string `projectKey` and `sessionId` (non-empty) and an optional string `subpath`. */
export function checkSessionKey(key: unknown): SessionKey {
  const candidate = key as Partial<SessionKey> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.projectKey !== 'string' ||
    candidate.projectKey === '' ||
    typeof candidate.sessionId !== 'string' ||
    candidate.sessionId === '' ||
    (candidate.subpath !== undefined && typeof candidate.subpath !== 'string')
  ) {
    throw new SessionStoreError({
      code: 'INVALID_KEY',
      message: `Invalid session key ${quote(key)}: pass { projectKey, sessionId, subpath? } with non-empty strings.`,
    });
  }
  return candidate as SessionKey;
}
