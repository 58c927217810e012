import type { McpServerConfigForProcessTransport } from './mcp-configs.js';
import type { PermissionMode } from './messages/message-common.js';

/** An MCP server a subagent may use: the name of a session server, or its own configs by name. */
export type AgentMcpServerSpec = string | Record<string, McpServerConfigForProcessTransport>;

/**
 * A subagent defined for this session only, sent in `initialize` (not on argv). The main agent
 * delegates to it by name with the Agent tool.
 */
export type AgentDefinition = {
  /** When to use this agent; the main agent reads it to choose. */
  description: string;
  /** Tools it may use; absent = the main agent's tools. */
  tools?: string[];
  disallowedTools?: string[];
  /** The agent's system prompt. */
  prompt: string;
  /** `sonnet`, `opus`, `haiku`, `inherit`, or a model id. */
  model?: string;
  mcpServers?: AgentMcpServerSpec[];
  criticalSystemReminder_EXPERIMENTAL?: string;
  skills?: string[];
  /** A first message sent when the agent starts. */
  initialPrompt?: string;
  maxTurns?: number;
  autoCompactWindow?: number;
  background?: boolean;
  omitClaudeMd?: boolean;
  memory?: 'user' | 'project' | 'local';
  effort?: ('low' | 'medium' | 'high' | 'xhigh' | 'max') | number;
  permissionMode?: PermissionMode;
  observer?: string;
  observerMessage?: string;
};

/** A subagent the session can delegate to, as `initialize` lists it. */
export type AgentInfo = {
  name: string;
  description: string;
  model?: string;
};

/** A model the session can switch to with `setModel`. */
export type ModelInfo = {
  /** The value to pass to `setModel` or `options.model`. */
  value: string;
  resolvedModel?: string;
  displayName: string;
  description: string;
  supportsEffort?: boolean;
  supportedEffortLevels?: ('low' | 'medium' | 'high' | 'xhigh' | 'max')[];
  supportsAdaptiveThinking?: boolean;
  supportsFastMode?: boolean;
  supportsAutoMode?: boolean;
};

/** Who the session talks to the API as. */
export type AccountInfo = {
  email?: string;
  organization?: string;
  subscriptionType?: string;
  tokenSource?: string;
  apiKeySource?: string;
  apiProvider?:
    | 'firstParty'
    | 'bedrock'
    | 'vertex'
    | 'foundry'
    | 'anthropicAws'
    | 'anthropicGoogleCloud'
    | 'mantle'
    | 'gateway';
};
