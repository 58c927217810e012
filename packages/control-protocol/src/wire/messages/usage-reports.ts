import type { ModelUsage } from './message-common.js';

/** One slice of the context window in an {@link SDKContextUsage}. */
export type SDKContextUsageCategory = {
  name: string;
  tokens: number;
  kind: 'used' | 'free' | 'buffer' | 'deferred';
};

/** How full the context window was after a model call (snake_case, on assistant messages). */
export type SDKContextUsage = {
  model: string;
  total_tokens: number;
  raw_max_tokens: number;
  percentage: number;
  over_limit?: { tokens_over: number; kind: 'hard_limit' | 'compaction_window' };
  categories: SDKContextUsageCategory[];
  mcp_tools: { name: string; server_name: string; tokens: number }[];
  memory_files: { path: string; type: string; tokens: number }[];
  agents: { agent_type: string; source: string; tokens: number }[];
  skills?: { name: string; source: string; plugin_name?: string; tokens: number }[];
};

/**
 * The account's extra usage (usage paid beyond the plan's limits): whether it is on, the monthly
 * limit, the credits used and their share of the limit. `null` when the CLI does not know.
 */
export type ExtraUsageState = {
  is_enabled: boolean;
  monthly_limit: number | null;
  used_credits: number | null;
  utilization: number | null;
  currency?: string | null;
} | null;

/** Session totals and the account's limits, attached to an assistant message on request. */
export type SDKUsageReport = {
  session: {
    total_cost_usd: number;
    total_api_duration_ms: number;
    total_duration_ms: number;
    total_lines_added: number;
    total_lines_removed: number;
    model_usage: Record<string, ModelUsage>;
  };
  rate_limits: {
    limits:
      | {
          kind: string;
          group: string;
          percent: number;
          resets_at: string | null;
          scope?: {
            model?: { display_name: string } | null;
            surface?: { display_name: string } | null;
          } | null;
          severity: string;
          is_active: boolean;
        }[]
      | null;
    extra_usage?: ExtraUsageState;
  } | null;
};
