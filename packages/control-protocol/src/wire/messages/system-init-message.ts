import type {
  ApiKeySource,
  FastModeDisabledReason,
  FastModeState,
  PermissionMode,
  UUID,
} from './message-common.js';

/**
 * `system`/`init`: the session is up. Lists the model, tools, MCP servers, commands, skills and
 * plugins the CLI loaded, the permission mode and where the credential came from.
 */
export type SDKSystemMessage = {
  type: 'system';
  subtype: 'init';
  agents?: string[];
  apiKeySource: ApiKeySource;
  betas?: string[];
  claude_code_version: string;
  cwd: string;
  tools: string[];
  /** Each server's state: `connected`, `pending`, `failed`, `needs-auth`, `disabled`. */
  mcp_servers: { name: string; status: string; source?: string }[];
  model: string;
  permissionMode: PermissionMode;
  slash_commands: string[];
  terminal_slash_commands?: string[];
  output_style: string;
  skills: string[];
  plugins: { name: string; path: string; version?: string }[];
  plugin_errors?: {
    plugin: string;
    type: string;
    message: string;
    path?: string;
    managed_lock?: { plugin_enabled: boolean; name: string; marketplace?: string };
  }[];
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
  effort?: ('low' | 'medium' | 'high' | 'xhigh' | 'max') | null;
  view_mode?: 'focus' | 'default';
  /** Feature flags of the CLI, e.g. `interrupt_receipt_v1`. */
  capabilities?: string[];
  uuid: UUID;
  session_id: string;
};

/** ccsdk's earlier name of {@link SDKSystemMessage} (the `system`/`init` message), kept as an alias. */
export type SDKSystemInitMessage = SDKSystemMessage;
