import type { SessionKey, SessionListSubkeysKey } from '@ccsdk/session-store';
import { RedisSessionStoreError } from './errors.js';
import { quote } from './quote.js';
import { isWellFormed } from './well-formed.js';

/** A checked key: `subpath` is `''` for the main transcript. */
export interface StoredKey {
  readonly projectKey: string;
  readonly sessionId: string;
  readonly subpath: string;
}

/** A non-empty, well-formed string without NUL: what the server can hold as it is. */
function isNonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value !== '' && isWellFormed(value) && !value.includes('\u0000');
}

/** Throws `INVALID_KEY` unless `key` has non-empty string ids and an optional string subpath. */
export function checkKey(key: unknown): StoredKey {
  const candidate = key as Partial<SessionKey> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !isNonEmpty(candidate.projectKey) ||
    !isNonEmpty(candidate.sessionId) ||
    (candidate.subpath !== undefined && candidate.subpath !== '' && !isNonEmpty(candidate.subpath))
  ) {
    throw new RedisSessionStoreError({
      code: 'INVALID_KEY',
      message: `Invalid session key ${quote(key)}: pass { projectKey, sessionId, subpath? } with non-empty, well-formed strings without NUL.`,
    });
  }
  return {
    projectKey: candidate.projectKey,
    sessionId: candidate.sessionId,
    subpath: candidate.subpath ?? '',
  };
}

/** Throws `INVALID_KEY` unless `key` is `{ projectKey, sessionId }` with non-empty strings. */
export function checkSessionOnlyKey(key: unknown): SessionListSubkeysKey {
  const { projectKey, sessionId } = checkKey(key);
  return { projectKey, sessionId };
}

/** Throws `INVALID_KEY` unless `projectKey` is a non-empty string. */
export function checkProjectKey(projectKey: unknown): string {
  if (!isNonEmpty(projectKey)) {
    throw new RedisSessionStoreError({
      code: 'INVALID_KEY',
      message: `Invalid project key ${quote(projectKey)}: pass a non-empty, well-formed string without NUL.`,
    });
  }
  return projectKey;
}
