/** A slash command or skill the session offers. */
export interface SlashCommand {
  name: string;
  description: string;
  argumentHint?: string;
  [key: string]: unknown;
}

/** A model the session can switch to with `setModel`. */
export interface ModelInfo {
  /** The value to pass to `setModel` or `options.model`. */
  value: string;
  displayName: string;
  description: string;
  resolvedModel?: string;
  [key: string]: unknown;
}

/** A subagent the session can delegate to. */
export interface AgentInfo {
  name: string;
  description: string;
  [key: string]: unknown;
}

/** Who the session talks to the API as. */
export interface AccountInfo {
  email?: string;
  organization?: string;
  subscriptionType?: string;
  tokenSource?: string;
  apiKeySource?: string;
  [key: string]: unknown;
}

/**
 * What the CLI answered to `initialize`: its commands, models, agents, output styles and account.
 * Fields the CLI adds later pass through untouched.
 */
export interface InitializationResult {
  commands: SlashCommand[];
  models: ModelInfo[];
  agents?: AgentInfo[];
  account?: AccountInfo;
  output_style?: string;
  available_output_styles?: string[];
  [key: string]: unknown;
}
