import { isAgentId, isUuid } from './ids.js';
import {
  checkOptionsObject,
  optionalCount,
  optionalDir,
  optionalFunction,
  optionalPath,
  projectsDirFor,
} from './options.js';
import { searchedProjectDirs } from './project-dirs.js';
import { readConversation } from './read-messages.js';
import { findSubagentFiles, readSidecar, type SubagentFile } from './subagent-files.js';
import { subagentParents } from './subagent-parents.js';
import type {
  GetSubagentMessagesOptions,
  ListSubagentsOptions,
  SessionJsonlWarning,
  SessionMessage,
} from './types.js';

async function subagentFiles(sessionId: string, options: unknown): Promise<SubagentFile[]> {
  const raw = checkOptionsObject(options);
  const dir = optionalDir(raw);
  const configDir = optionalPath(raw, 'configDir');
  if (!isUuid(sessionId)) return [];
  return findSubagentFiles(await searchedProjectDirs(projectsDirFor({ configDir }), dir), sessionId);
}

/**
 * The ids of a session's subagents, from `<session>/subagents/` (also nested under
 * `workflows/<runId>/`), in folder-walk order. `[]` for an invalid id or a session without subagents.
 */
export async function listSubagents(
  sessionId: string,
  options: ListSubagentsOptions = {},
): Promise<string[]> {
  return (await subagentFiles(sessionId, options)).map((file) => file.agentId);
}

/**
 * A subagent's conversation: the chain from its last message back to the root. Each message
 * carries `parent_tool_use_id` (the Agent tool call that spawned it) and `parent_agent_id` (the
 * spawning subagent, when nested) from the `agent-<id>.meta.json` sidecar, `null` when missing or
 * not an id (`subagentParents`).
 * `[]` for an invalid session or agent id (agent ids are `[A-Za-z0-9._-]+`) or one not found.
 */
export async function getSubagentMessages(
  sessionId: string,
  agentId: string,
  options: GetSubagentMessagesOptions = {},
): Promise<SessionMessage[]> {
  const raw = checkOptionsObject(options);
  const limit = optionalCount(raw, 'limit');
  const offset = optionalCount(raw, 'offset');
  const onWarning = optionalFunction<(warning: SessionJsonlWarning) => void>(raw, 'onWarning');
  const files = await subagentFiles(sessionId, raw);
  if (!isAgentId(agentId)) return [];
  const file = files.find((candidate) => candidate.agentId === agentId);
  if (file === undefined) return [];
  return readConversation({
    filePath: file.filePath,
    mode: 'subagent',
    includeSystemMessages: false,
    offset,
    limit,
    ...subagentParents(await readSidecar(file.metaPath)),
    onWarning,
  });
}

/**
 * The subagent's `.meta.json` sidecar as written by the CLI (original field names such as
 * `toolUseId`, `parentAgentId`, `agentType`, unknown fields kept). `undefined` until the
 * subagent's transcript exists, and when the sidecar is missing, not a regular file, corrupt or
 * not valid UTF-8; `{}` is a valid empty sidecar. Does not parse the transcript.
 */
export async function getSubagentMetadata(
  sessionId: string,
  agentId: string,
  options: ListSubagentsOptions = {},
): Promise<Record<string, unknown> | undefined> {
  const files = await subagentFiles(sessionId, options);
  if (!isAgentId(agentId)) return undefined;
  const file = files.find((candidate) => candidate.agentId === agentId);
  return file === undefined ? undefined : readSidecar(file.metaPath);
}
