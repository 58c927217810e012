import type { AccountInfo, AgentInfo, ModelInfo } from '../agent-definition.js';
import type { McpServerStatus } from '../mcp-configs.js';
import type {
  FastModeDisabledReason,
  FastModeState,
  ModelUsage,
  PermissionMode,
  SlashCommand,
} from '../messages/message-common.js';

/** What the CLI answers to `initialize`: commands, agents, models, output styles, account. */
export type SDKControlInitializeResponse = {
  commands: SlashCommand[];
  agents: AgentInfo[];
  output_style: string;
  available_output_styles: string[];
  models: ModelInfo[];
  account: AccountInfo;
  /** True when the CLI registered the hook callbacks sent in the request. */
  hooks_applied?: boolean;
  hook_on_failure_supported?: boolean;
  plugins_applied?: boolean;
  mcp_servers_applied?: boolean;
  sdk_mcp_manifests_parked?: Record<
    string,
    'parked' | 'already_connected' | 'protocol_version_mismatch' | 'malformed' | 'not_honoured'
  >;
  claude_code_version?: string;
  fast_mode_state?: FastModeState;
  fast_mode_disabled_reason?: FastModeDisabledReason;
};

/** What `interrupt` answers: the queued prompts still waiting, and the ones it cancelled. */
export type SDKControlInterruptResponse = {
  still_queued: string[];
  cancelled?: string[];
};

/** What `set_permission_mode` answers: the mode now in force. */
export type SDKControlSetPermissionModeResponse = {
  mode?: PermissionMode;
};

/** What `read_file` answers: the file's text (or base64), its absolute path, whether it was cut. */
export type SDKControlReadFileResponse = {
  contents: string;
  absPath: string;
  truncated?: boolean;
  encoding?: 'base64';
  lossy?: boolean;
};

/** What `mcp_read_resource` answers: the resource's contents as the MCP server returned them. */
export type SDKControlMcpReadResourceResponse = {
  contents: {
    uri: string;
    mimeType?: string;
    text?: string;
    blob?: string;
    _meta?: Record<string, unknown>;
  }[];
};

/** What `reload_skills` answers: the skills now loaded. */
export type SDKControlReloadSkillsResponse = {
  skills: SlashCommand[];
};

/** What `reload_output_styles` answers: the output styles now available. */
export type SDKControlReloadOutputStylesResponse = {
  available_output_styles: string[];
};

/** What `reload_plugins` answers: what is loaded now, and (with `holdOnCacheImpact`) the cost. */
export type SDKControlReloadPluginsResponse = {
  commands: SlashCommand[];
  agents: AgentInfo[];
  plugins: { name: string; path: string; source?: string; version?: string }[];
  mcpServers: McpServerStatus[];
  error_count: number;
  held?: boolean;
  cache_impact?: {
    mcp_servers_added: string[];
    mcp_servers_removed: string[];
    lsp_tool_change: ('adds' | 'may-add' | 'removes' | 'may-remove') | null;
  };
};

/** A settings file the CLI could not parse, and where. */
export type SDKSettingsParseError = {
  file?: string;
  path: string;
  message: string;
};

/** How a permission rule is shown: `prefix`, an emphasized part, and a suffix. */
export type SDKPermissionRuleDescription = {
  prefix: string;
  emphasis?: string;
  suffix?: string;
};

/** One permission rule in force, with its source and whether it can be edited. */
export type SDKPermissionRuleEntry = {
  behavior: 'allow' | 'deny' | 'ask';
  source:
    | 'userSettings'
    | 'projectSettings'
    | 'localSettings'
    | 'flagSettings'
    | 'policySettings'
    | 'cliArg'
    | 'command'
    | 'session'
    | 'mcpMount'
    | 'toolsNarrowing'
    | 'mcpServerPolicy'
    | 'hostCredential';
  rule: string;
  description?: SDKPermissionRuleDescription;
  editability: 'persistent' | 'session' | 'readonly';
  notInEffect?: boolean;
};

/** A directory the session may work in, and where it was granted. */
export type SDKPermissionWorkspaceDirectory = {
  path: string;
  source: string;
};

/** The session's permission rules and workspace directories. */
export type SDKControlPermissionRulesState = {
  rules: SDKPermissionRuleEntry[];
  workspaceDirectories: SDKPermissionWorkspaceDirectory[];
  originalCwd: string;
  managedOnly: boolean;
  errors?: SDKSettingsParseError[];
  withheld?: boolean;
};

/** What `list_permission_rules` answers. */
export type SDKControlListPermissionRulesResponse = {
  state: SDKControlPermissionRulesState;
};

/**
 * One rate-limit window of {@link SDKControlGetUsageResponse} (five hours, seven days, ...): the
 * share used and when it resets; `null` when the account has no such window.
 */
export type UsageWindow = { utilization: number | null; resets_at: string | null } | null;

/**
 * One day's or one week's usage breakdown in {@link SDKControlGetUsageResponse}: request and
 * session counts, the usage patterns found with their share, suggestions to lower usage, and
 * the share of each agent, skill, plugin and MCP server.
 */
export type UsageBehaviors = {
  request_count: number;
  session_count: number;
  behaviors: {
    key:
      | 'cache_miss'
      | 'long_context'
      | 'subagent_heavy'
      | 'high_parallel'
      | 'cron'
      | 'max_effort'
      | 'workflow'
      | 'always_on_context'
      | 'large_tool_results';
    pct: number;
    count: number;
  }[];
  recommendations?: { key: string; pct: number; title: string; detail?: string }[];
  fix?: { keys: string[]; messages: string[] };
  agents: { name: string; pct: number }[];
  skills: { name: string; pct: number }[];
  plugins: { name: string; pct: number }[];
  mcp_servers: { name: string; pct: number }[];
};

/** What `get_usage` answers: session totals, the account's rate limits, and usage patterns. */
export type SDKControlGetUsageResponse = {
  session: {
    total_cost_usd: number;
    total_api_duration_ms: number;
    total_duration_ms: number;
    total_lines_added: number;
    total_lines_removed: number;
    model_usage: Record<string, ModelUsage>;
  };
  subscription_type: string | null;
  rate_limits_available: boolean;
  rate_limits: {
    five_hour?: UsageWindow;
    seven_day?: UsageWindow;
    seven_day_oauth_apps?: UsageWindow;
    seven_day_opus?: UsageWindow;
    seven_day_sonnet?: UsageWindow;
    model_scoped?: { display_name: string; utilization: number | null; resets_at: string | null }[];
    extra_usage?: {
      is_enabled: boolean;
      monthly_limit: number | null;
      used_credits: number | null;
      utilization: number | null;
      currency?: string | null;
    } | null;
  } | null;
  behaviors: { day: UsageBehaviors; week: UsageBehaviors } | null;
};
