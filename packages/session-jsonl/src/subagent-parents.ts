/** Longest `toolUseId` or `parentAgentId` a subagent's sidecar may give (longer ones give none). */
export const SUBAGENT_PARENT_ID_MAX_CHARS = 128;

/** A tool use id a sidecar may give: letters, digits, `.`, `_`, `:` and `-`. */
const TOOL_USE_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${SUBAGENT_PARENT_ID_MAX_CHARS}}$`);
/** A spawning agent id a sidecar may give: letters, digits, `_` and `-`. */
const PARENT_AGENT_ID = new RegExp(`^[A-Za-z0-9_-]{1,${SUBAGENT_PARENT_ID_MAX_CHARS}}$`);

/** Who spawned a subagent, as its messages report it. */
export interface SubagentParents {
  /** The Agent tool call that spawned it (`parent_tool_use_id`), else `null`. */
  readonly parentToolUseId: string | null;
  /** The subagent that spawned it, when nested (`parent_agent_id`), else `null`. */
  readonly parentAgentId: string | null;
}

/**
 * Who spawned a subagent, from its `.meta.json` sidecar: its `toolUseId` when an id of
 * `[A-Za-z0-9._:-]` and its `parentAgentId` when an id of `[A-Za-z0-9_-]`, each of at most
 * {@link SUBAGENT_PARENT_ID_MAX_CHARS} characters, else `null`, as the official SDK reads them: a blank, spaced, non-ASCII or over-long value, or a value
 * of another type, names no parent.
 */
export function subagentParents(meta: Readonly<Record<string, unknown>> | undefined): SubagentParents {
  const toolUseId = meta?.['toolUseId'];
  const parentAgentId = meta?.['parentAgentId'];
  return {
    parentToolUseId: typeof toolUseId === 'string' && TOOL_USE_ID.test(toolUseId) ? toolUseId : null,
    parentAgentId:
      typeof parentAgentId === 'string' && PARENT_AGENT_ID.test(parentAgentId) ? parentAgentId : null,
  };
}
