/**
 * A subagent defined for this session only, sent in `initialize` (not on argv). The main agent can
 * delegate to it by name with the Task tool.
 */
export interface AgentDefinition {
  /** When to use this agent; the main agent reads it to choose. */
  description: string;
  /** The agent's system prompt. */
  prompt: string;
  /** Tools it may use; absent = the main agent's tools. */
  tools?: string[];
  /** Tools it may not use. */
  disallowedTools?: string[];
  /** `sonnet`, `opus`, `haiku`, `inherit`, or a model id. */
  model?: string;
  /** Skills it may load. */
  skills?: string[];
  /** Memory scope, e.g. `user`, `project`, `local`. */
  memory?: string;
  /** MCP servers it may use, by name. */
  mcpServers?: string[];
  /** A first message sent when the agent starts. */
  initialPrompt?: string;
  /** Turn limit of one run of the agent. */
  maxTurns?: number;
  /** Run it in the background. */
  background?: boolean;
  /** Reasoning effort. */
  effort?: 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /** Permission mode of its runs. */
  permissionMode?: string;
}

/** The `agents` payload of `initialize`: each definition without its absent or null fields. */
export function agentsForInitialize(
  agents: Record<string, AgentDefinition>,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [name, definition] of Object.entries(agents)) {
    if (typeof definition !== 'object' || definition === null) {
      throw new TypeError(
        `options.agents.${name} must be an AgentDefinition object, got ${String(definition)}`,
      );
    }
    if (typeof definition.description !== 'string' || typeof definition.prompt !== 'string') {
      throw new TypeError(`options.agents.${name} needs string description and prompt`);
    }
    out[name] = Object.fromEntries(
      Object.entries(definition).filter(([, value]) => value !== undefined && value !== null),
    );
  }
  return out;
}
