import type { AgentInfo, SlashCommand } from './initialization.js';

/** What `readFile()` resolves with: the file's contents as the CLI read them. */
export interface ReadFileResult {
  /** The text (utf-8) or base64 of the bytes read. */
  contents: string;
  /** The absolute path the CLI resolved. */
  absPath: string;
  /** True when `maxBytes` cut the file short. */
  truncated?: boolean;
  /** `base64` when asked for; absent for utf-8. */
  encoding?: 'base64';
  /** True when the bytes were not all valid UTF-8 (replaced by U+FFFD). */
  lossy?: boolean;
}

/** One MCP resource item, as `readMcpResource()` returns it. */
export interface McpResourceContent {
  uri: string;
  mimeType?: string;
  text?: string;
  /** Base64, for a binary item. */
  blob?: string;
  _meta?: Record<string, unknown>;
}

/** What `readMcpResource()` resolves with. */
export interface McpReadResourceResult {
  contents: McpResourceContent[];
}

/** What `reloadSkills()` resolves with: the skills the session now offers. */
export interface ReloadSkillsResult {
  skills: SlashCommand[];
}

/** What `reloadOutputStyles()` resolves with. */
export interface ReloadOutputStylesResult {
  available_output_styles: string[];
}

/** What `reloadPlugins()` resolves with: the session's components after the reload. */
export interface ReloadPluginsResult {
  commands: SlashCommand[];
  agents: AgentInfo[];
  plugins: Array<{ name: string; path: string; source?: string; version?: string }>;
  mcpServers: Array<{ name: string; status: string; [key: string]: unknown }>;
  error_count: number;
  /** With `holdOnCacheImpact`: true when nothing was applied. */
  held?: boolean;
  cache_impact?: {
    mcp_servers_added: string[];
    mcp_servers_removed: string[];
    lsp_tool_change: 'adds' | 'may-add' | 'removes' | 'may-remove' | null;
  };
}

/** One model's totals in {@link UsageResult} (camelCase, as the CLI reports them). */
export interface UsageModelTotals {
  inputTokens: number;
  outputTokens: number;
  thinkingTokens?: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
  cacheCreationEphemeral5mInputTokens?: number;
  cacheCreationEphemeral1hInputTokens?: number;
  webSearchRequests: number;
  costUSD: number;
  contextWindow: number;
  maxOutputTokens: number;
}

/** What the usage method resolves with: session cost and token totals, plan limits when known. */
export interface UsageResult {
  session: {
    total_cost_usd: number;
    total_api_duration_ms: number;
    total_duration_ms: number;
    total_lines_added: number;
    total_lines_removed: number;
    model_usage: Record<string, UsageModelTotals>;
  };
  subscription_type: string | null;
  rate_limits_available: boolean;
  rate_limits: Record<string, unknown> | null;
  behaviors: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** A plugin to load with `reloadPlugins({ addPlugins })`: an absolute local folder. */
export interface ReloadPluginConfig {
  type: 'local';
  path: string;
  skipMcpDiscovery?: boolean;
}
