import * as jsonl from '@ccsdk/session-jsonl';
import { listSessionsFromStore } from './store-list-sessions.js';
import { route, type SessionStoreOption } from './store-option.js';
import { booleanOption, countOption } from './store-options.js';
import { getSessionInfoFromStore, getSessionMessagesFromStore } from './store-readers.js';
import {
  getSubagentMessagesFromStore,
  getSubagentMetadataFromStore,
  listSubagentsFromStore,
} from './store-subagents.js';

/**
 * Lists sessions, newest first (ties by session id). Without `sessionStore`: the local
 * transcripts (see `@ccsdk/session-jsonl`). With it: the project of `dir` (default the current
 * directory) in the store, from `listSessionSummaries` when implemented, else `listSessions`
 * plus one `load` per session; a store with neither throws `UNSUPPORTED_BY_STORE`;
 * `includeWorktrees: false` and `configDir` throw `UNSUPPORTED_OPTION`; `includeProgrammatic`
 * is ignored; `lastModified` is the store's mtime normalized to epoch ms.
 */
export async function listSessions(
  options?: jsonl.ListSessionsOptions & SessionStoreOption,
): Promise<jsonl.SDKSessionInfo[]> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.listSessions(routed.disk);
  const offset = countOption(routed.raw, 'offset') ?? 0;
  return listSessionsFromStore(routed.store, routed.project, {
    offset,
    limit: countOption(routed.raw, 'limit'),
  });
}

/**
 * One session's metadata, or `undefined`. With `sessionStore`: loads the session and takes
 * `lastModified` from the store's `listSessions` row (else its summary row, else the last entry's
 * timestamp, else 0).
 */
export async function getSessionInfo(
  sessionId: string,
  options?: jsonl.GetSessionInfoOptions & SessionStoreOption,
): Promise<jsonl.SDKSessionInfo | undefined> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.getSessionInfo(sessionId, routed.disk);
  return getSessionInfoFromStore(routed.store, routed.project, sessionId);
}

/** A session's conversation in order, paged; with `sessionStore` the same chain walk over the loaded entries. */
export async function getSessionMessages(
  sessionId: string,
  options?: jsonl.GetSessionMessagesOptions & SessionStoreOption,
): Promise<jsonl.SessionMessage[]> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.getSessionMessages(sessionId, routed.disk);
  return getSessionMessagesFromStore(routed.store, routed.project, sessionId, {
    offset: countOption(routed.raw, 'offset'),
    limit: countOption(routed.raw, 'limit'),
    includeSystemMessages: booleanOption(routed.raw, 'includeSystemMessages', false),
  });
}

/** A session's subagent ids. With `sessionStore` it needs `listSubkeys` (`UNSUPPORTED_BY_STORE` otherwise). */
export async function listSubagents(
  sessionId: string,
  options?: jsonl.ListSubagentsOptions & SessionStoreOption,
): Promise<string[]> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.listSubagents(sessionId, routed.disk);
  return listSubagentsFromStore(routed.store, routed.project, sessionId);
}

/**
 * A subagent's conversation. With `sessionStore` the subpath comes from `listSubkeys` when the
 * store has it, else `subagents/agent-<agentId>`; parent ids come from the last `agent_metadata` entry.
 */
export async function getSubagentMessages(
  sessionId: string,
  agentId: string,
  options?: jsonl.GetSubagentMessagesOptions & SessionStoreOption,
): Promise<jsonl.SessionMessage[]> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.getSubagentMessages(sessionId, agentId, routed.disk);
  return getSubagentMessagesFromStore(routed.store, routed.project, sessionId, agentId, {
    offset: countOption(routed.raw, 'offset'),
    limit: countOption(routed.raw, 'limit'),
  });
}

/** A subagent's metadata sidecar (or, in a store, its last `agent_metadata` entry without `type`); `undefined` when none. */
export async function getSubagentMetadata(
  sessionId: string,
  agentId: string,
  options?: jsonl.ListSubagentsOptions & SessionStoreOption,
): Promise<Record<string, unknown> | undefined> {
  const routed = await route(options);
  if (routed.store === undefined) return jsonl.getSubagentMetadata(sessionId, agentId, routed.disk);
  return getSubagentMetadataFromStore(routed.store, routed.project, sessionId, agentId);
}
