import {
  isAgentId,
  isUuid,
  messagesFromEntries,
  type SessionMessage,
  subagentParents,
} from '@ccsdk/session-jsonl';
import { SessionStoreError } from './errors.js';
import { ownedJson } from './frozen-json.js';
import type { StoreProject } from './store-options.js';
import { callOptional } from './store-probe.js';
import { ownedMessages } from './store-readers.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

const AGENT_PREFIX = 'agent-';

/** Agent ids and subpaths from `listSubkeys`: `subagents/**\/agent-<id>`, first subpath per id. */
function subagentSubpaths(subkeys: readonly unknown[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const subkey of subkeys) {
    if (typeof subkey !== 'string') continue;
    const parts = subkey.split('/');
    const last = parts[parts.length - 1]!;
    if (parts.length < 2 || parts[0] !== 'subagents' || !last.startsWith(AGENT_PREFIX)) continue;
    if (parts.some((part) => part === '' || part === '.' || part === '..')) continue;
    const agentId = last.slice(AGENT_PREFIX.length);
    if (isAgentId(agentId) && !found.has(agentId)) found.set(agentId, subkey);
  }
  return found;
}

/** `listSubagents` over a store; needs `listSubkeys` (`UNSUPPORTED_BY_STORE` otherwise). `[]` for an invalid id. */
export async function listSubagentsFromStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
): Promise<string[]> {
  const subkeys = await callOptional(store, 'listSubkeys', { projectKey: project.projectKey, sessionId });
  if (!subkeys.implemented) {
    throw new SessionStoreError({
      code: 'UNSUPPORTED_BY_STORE',
      sessionId,
      message: 'Listing subagents from this store needs listSubkeys(); the adapter does not implement it.',
    });
  }
  if (!isUuid(sessionId)) return [];
  return [...subagentSubpaths(Array.isArray(subkeys.value) ? subkeys.value : []).keys()];
}

/** The subagent's entries: subpath from `listSubkeys` when available, else `subagents/agent-<id>`. */
async function loadSubagent(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  agentId: string,
): Promise<SessionStoreEntry[] | undefined> {
  const key = { projectKey: project.projectKey, sessionId };
  const subkeys = await callOptional(store, 'listSubkeys', key);
  const listed =
    subkeys.implemented && Array.isArray(subkeys.value)
      ? subagentSubpaths(subkeys.value).get(agentId)
      : undefined;
  const entries = await store.load({ ...key, subpath: listed ?? `subagents/${AGENT_PREFIX}${agentId}` });
  return Array.isArray(entries) ? entries : undefined;
}

function splitMetadata(entries: readonly SessionStoreEntry[]): {
  transcript: SessionStoreEntry[];
  meta: Record<string, unknown> | undefined;
} {
  const transcript: SessionStoreEntry[] = [];
  let meta: Record<string, unknown> | undefined;
  for (const entry of entries) {
    if (typeof entry === 'object' && entry !== null && entry.type === 'agent_metadata') {
      const { type: _type, ...rest } = ownedJson(entry);
      meta = rest;
    } else transcript.push(entry);
  }
  return { transcript, meta };
}

/** `getSubagentMessages` over a store; parent ids from the last `agent_metadata` entry. `[]` when unknown or invalid. */
export async function getSubagentMessagesFromStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  agentId: string,
  page: { offset: number | undefined; limit: number | undefined },
): Promise<SessionMessage[]> {
  if (!isUuid(sessionId) || !isAgentId(agentId)) return [];
  const entries = await loadSubagent(store, project, sessionId, agentId);
  if (entries === undefined) return [];
  const { transcript, meta } = splitMetadata(entries);
  return ownedMessages(
    messagesFromEntries(transcript, {
      mode: 'subagent',
      includeSystemMessages: false,
      ...subagentParents(meta),
      ...page,
    }),
  );
}

/** `getSubagentMetadata` over a store: the last `agent_metadata` entry without its `type`, or `undefined`. */
export async function getSubagentMetadataFromStore(
  store: SessionStore,
  project: StoreProject,
  sessionId: string,
  agentId: string,
): Promise<Record<string, unknown> | undefined> {
  if (!isUuid(sessionId) || !isAgentId(agentId)) return undefined;
  const entries = await loadSubagent(store, project, sessionId, agentId);
  return entries === undefined ? undefined : splitMetadata(entries).meta;
}
