import { quote } from './quote.js';
import type { SessionKey, SessionStore, SessionStoreEntry } from './types.js';

/**
 * An extension of ours, not part of the official `SessionStore`: reading a transcript from a
 * position on, so a reader that follows a growing transcript (the SSE stream of a session another
 * server hosts) fetches only what is new instead of the whole transcript at every poll. The
 * PostgreSQL and Redis adapters implement it; {@link loadFrom} falls back to `load()` for a store
 * that does not.
 */
export interface SessionStoreLoadFrom {
  /**
   * The entries of `key` from position `from` on (0 is the first entry appended), in order, as
   * `load(key)?.slice(from)` would give them; `[]` when `from` is at or past the end; `null` for a
   * key never written. Positions are stable because a transcript only grows (a retried batch
   * that the adapter dedupes adds no position).
   */
  loadFrom(key: SessionKey, from: number): Promise<SessionStoreEntry[] | null>;
}

/** True when `store` has its own {@link SessionStoreLoadFrom.loadFrom}. */
export function hasLoadFrom(store: SessionStore): store is SessionStore & SessionStoreLoadFrom {
  return typeof (store as Partial<SessionStoreLoadFrom>).loadFrom === 'function';
}

/** Throws a `TypeError` quoting `from` unless it is a whole number of entries, 0 or more. */
export function checkLoadFromPosition(from: unknown): number {
  if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) {
    throw new TypeError(`from must be a whole number of entries, 0 or more, got ${quote(from)}`);
  }
  return from;
}

/**
 * The entries of `key` from position `from` on: through the store's own `loadFrom` where it has
 * one, else `load()` sliced. `null` for a key never written. Throws a `TypeError` for a `from`
 * that is not a whole number of entries, 0 or more.
 */
export async function loadFrom(
  store: SessionStore,
  key: SessionKey,
  from: number,
): Promise<SessionStoreEntry[] | null> {
  checkLoadFromPosition(from);
  if (hasLoadFrom(store)) return store.loadFrom(key, from);
  const entries = await store.load(key);
  return entries === null ? null : entries.slice(from);
}
