import type { SessionKey, SessionListSubkeysKey } from '../types.js';
import { isWellFormedTextSafe } from '../well-formed.js';
import type { AdapterErrorFactory } from './adapter-error.js';
import { describeValue } from './describe-value.js';

/** A checked session key, as a database adapter stores it: `subpath` is `''` for the main transcript. */
export interface StoredKey {
  /** The project's key. */
  readonly projectKey: string;
  /** The session's id. */
  readonly sessionId: string;
  /** The subagent transcript's path under the session, or `''` for the main transcript. */
  readonly subpath: string;
}

/** A non-empty, well-formed string without NUL: what a database server can hold as it is. */
function isStorableText(value: unknown): value is string {
  return (
    typeof value === 'string' && value !== '' && isWellFormedTextSafe(value) && !value.includes('\u0000')
  );
}

/** Throws `INVALID_KEY` (built by `fail`) unless `key` has non-empty storable ids and an optional subpath. */
export function checkStoredKey(key: unknown, fail: AdapterErrorFactory): StoredKey {
  const candidate = key as Partial<SessionKey> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    !isStorableText(candidate.projectKey) ||
    !isStorableText(candidate.sessionId) ||
    (candidate.subpath !== undefined && candidate.subpath !== '' && !isStorableText(candidate.subpath))
  ) {
    throw fail({
      code: 'INVALID_KEY',
      message: `Invalid session key ${describeValue(key)}: pass { projectKey, sessionId, subpath? } with non-empty, well-formed strings without NUL.`,
    });
  }
  return {
    projectKey: candidate.projectKey,
    sessionId: candidate.sessionId,
    subpath: candidate.subpath ?? '',
  };
}

/** Throws `INVALID_KEY` unless `key` is `{ projectKey, sessionId }` with non-empty storable strings. */
export function checkSessionOnlyKey(key: unknown, fail: AdapterErrorFactory): SessionListSubkeysKey {
  const { projectKey, sessionId } = checkStoredKey(key, fail);
  return { projectKey, sessionId };
}

/** Throws `INVALID_KEY` unless `projectKey` is a non-empty storable string. */
export function checkProjectKey(projectKey: unknown, fail: AdapterErrorFactory): string {
  if (!isStorableText(projectKey)) {
    throw fail({
      code: 'INVALID_KEY',
      message: `Invalid project key ${describeValue(projectKey)}: pass a non-empty, well-formed string without NUL.`,
    });
  }
  return projectKey;
}
