import * as jsonl from '@ccsdk/session-jsonl';
import { forkSessionInStore } from './store-fork.js';
import { deleteSessionInStore, renameSessionInStore, tagSessionInStore } from './store-mutations.js';
import { refuseStore, route, type SessionStoreOption } from './store-option.js';

/**
 * Renames a session by appending a `custom-title` entry. With `sessionStore` the entry also
 * carries a fresh `uuid` and `timestamp`, and a session the store has never seen is refused
 * (`SESSION_NOT_FOUND`) instead of being created.
 */
export async function renameSession(
  sessionId: string,
  title: string,
  options?: jsonl.SessionMutationOptions & SessionStoreOption,
): Promise<void> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.renameSession(sessionId, title, routed.disk);
  return renameSessionInStore(routed.store, routed.project, sessionId, title);
}

/** Tags a session (`null` clears the tag); with `sessionStore` as {@link renameSession} for unknown sessions. */
export async function tagSession(
  sessionId: string,
  tag: string | null,
  options?: jsonl.SessionMutationOptions & SessionStoreOption,
): Promise<void> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.tagSession(sessionId, tag, routed.disk);
  return tagSessionInStore(routed.store, routed.project, sessionId, tag);
}

/**
 * Deletes a session. With `sessionStore`: `store.delete` of the main key (subagents go with it
 * when the adapter cascades); a no-op for a store without `delete`.
 */
export async function deleteSession(
  sessionId: string,
  options?: jsonl.SessionMutationOptions & SessionStoreOption,
): Promise<void> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.deleteSession(sessionId, routed.disk);
  return deleteSessionInStore(routed.store, routed.project, sessionId);
}

/** Forks a session into a new one with fresh uuids; with `sessionStore` it loads the source and appends the fork. */
export async function forkSession(
  sessionId: string,
  options?: jsonl.ForkSessionOptions & SessionStoreOption,
): Promise<jsonl.ForkSessionResult> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.forkSession(sessionId, routed.disk);
  return forkSessionInStore(routed.store, routed.project, sessionId, {
    upToMessageId: routed.raw['upToMessageId'],
    title: routed.raw['title'],
  });
}

/** Archives a local session (see `@ccsdk/session-jsonl`); refuses a `sessionStore` (`UNSUPPORTED_OPTION`). */
export async function archiveSession(
  sessionId: string,
  options?: jsonl.SessionMutationOptions & SessionStoreOption,
): Promise<void> {
  refuseStore(options, 'archiveSession');
  return jsonl.archiveSession(sessionId, options);
}

/** Unarchives a local session; refuses a `sessionStore` (`UNSUPPORTED_OPTION`). */
export async function unarchiveSession(
  sessionId: string,
  options?: jsonl.SessionMutationOptions & SessionStoreOption,
): Promise<void> {
  refuseStore(options, 'unarchiveSession');
  return jsonl.unarchiveSession(sessionId, options);
}
