import type { AgentDefinition } from '../agent-definition.js';
import type { HookEvent } from '../hooks/base-hook-input.js';
import type {
  McpServerConfigForProcessTransport,
  McpServerToolPolicy,
  SdkPluginConfig,
} from '../mcp-configs.js';
import type { PermissionMode } from '../messages/message-common.js';

/*
 * The `request` bodies a host (the SDK) sends to the CLI, one type per subtype. They are not
 * exported one by one (the official index does not name them); {@link SDKControlRequestInner}
 * is their union.
 */

/** One hook matcher in `initialize`: the callback ids the CLI calls back with `hook_callback`. */
export type SDKHookCallbackMatcher = {
  matcher?: string;
  hookCallbackIds: string[];
  timeout?: number;
  onFailure?: 'continue' | 'block';
};

/** `initialize`: the first request; hooks, agents, SDK MCP servers, prompts and session options. */
export type SDKControlInitializeRequest = {
  subtype: 'initialize';
  hooks?: Partial<Record<HookEvent, SDKHookCallbackMatcher[]>>;
  sdkMcpServers?: string[];
  sdkMcpServerConfigs?: Record<string, { timeout?: number; tools?: McpServerToolPolicy[] }>;
  sdkMcpServerManifests?: Record<
    string,
    { initializeResult: Record<string, unknown>; toolsListResult?: Record<string, unknown> }
  >;
  sdkMcpServerManifestsOrigin?: 'host_per_send';
  jsonSchema?: Record<string, unknown>;
  systemPrompt?: string[];
  appendSystemPrompt?: string;
  systemPromptSnapshot?: boolean;
  planModeInstructions?: string;
  toolAliases?: Record<string, string>;
  excludeDynamicSections?: boolean;
  agents?: Record<string, AgentDefinition>;
  title?: string;
  skills?: string[];
  promptSuggestions?: boolean;
  agentProgressSummaries?: boolean;
  forwardSubagentText?: boolean;
  supportedDialogKinds?: string[];
  perTaskStopAffordance?: boolean;
  plugins?: SdkPluginConfig[];
  mcpServers?: Record<string, McpServerConfigForProcessTransport>;
};

/**
 * The host's control requests whose body is nothing but their subtype: queries (cost, models,
 * binary version, settings, hooks, permission rules) and reloads (skills, output styles).
 */
export type BareHostRequest =
  | { subtype: 'get_session_cost' }
  | { subtype: 'list_models' }
  | { subtype: 'get_binary_version' }
  | { subtype: 'reload_skills' }
  | { subtype: 'reload_output_styles' }
  | { subtype: 'get_settings' }
  | { subtype: 'get_hooks_listing' }
  | { subtype: 'list_permission_rules' };

/** Every control request body a host sends, by subtype. */
export type HostControlRequest =
  | SDKControlInitializeRequest
  | BareHostRequest
  | { subtype: 'interrupt'; cancel_queued?: boolean }
  | { subtype: 'set_permission_mode'; mode: PermissionMode }
  | { subtype: 'set_model'; model?: string | null }
  | {
      subtype: 'set_max_thinking_tokens';
      max_thinking_tokens?: number | null;
      thinking_display?: ('summarized' | 'omitted' | 'highlights') | null;
    }
  | { subtype: 'rename_session'; title: string; source?: 'remote' | 'host'; session_id?: string }
  | { subtype: 'set_color'; color: string }
  | { subtype: 'mcp_status'; liveReply?: boolean }
  | { subtype: 'get_context_usage'; detail?: 'summary' | 'full' }
  | { subtype: 'get_usage'; skip_behaviors?: boolean }
  | {
      subtype: 'mcp_call';
      tool: string;
      arguments?: Record<string, unknown>;
      soft_error_result?: boolean;
      expires_at?: string;
      timeout_ms?: number;
      result_not_for_model?: boolean;
      check_permissions?: boolean;
      input_files?: { name: string; lane_path: string }[];
      output_files?: { name: string; lane_path: string; if_match?: string }[];
    }
  | { subtype: 'file_suggestions'; query: string }
  | { subtype: 'rewind_files'; user_message_id: string; dry_run?: boolean }
  | { subtype: 'cancel_async_message'; message_uuid: string }
  | { subtype: 'read_file'; path: string; max_bytes?: number; encoding?: 'utf-8' | 'base64' }
  | { subtype: 'seed_read_state'; path: string; mtime: number }
  | { subtype: 'mcp_set_servers'; servers: Record<string, McpServerConfigForProcessTransport> }
  | {
      subtype: 'register_repo_root';
      directory: string;
      reload_claude_md?: boolean;
      reload_plugins?: boolean;
      reload_skills?: boolean;
    }
  | {
      subtype: 'reload_plugins';
      hold_on_cache_impact?: boolean;
      add_plugins?: SdkPluginConfig[];
      refuse_if_busy?: boolean;
    }
  | { subtype: 'mcp_reconnect'; serverName: string }
  | { subtype: 'mcp_toggle'; serverName: string; enabled: boolean }
  | { subtype: 'set_has_subscribers'; has_subscribers: boolean | null }
  | { subtype: 'stop_task'; task_id: string }
  | { subtype: 'background_tasks'; tool_use_id?: string }
  | { subtype: 'get_task_output'; task_id: string }
  | { subtype: 'apply_flag_settings'; settings: Record<string, unknown> }
  | {
      subtype: 'update_settings';
      source: 'localSettings' | 'userSettings';
      settings: Record<string, unknown>;
    }
  | { subtype: 'mcp_read_resource'; serverName: string; uri: string };
