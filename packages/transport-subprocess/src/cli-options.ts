/**
 * The system prompt, as the official SDK types it: a custom text (`string`, `string[]` blocks
 * joined by newlines, or `{ type: 'custom' }`) or Claude Code's own prompt (`{ type: 'preset' }`)
 * with an optional `append`. Left unset, the CLI runs with an empty system prompt
 * (`--system-prompt ""`). A prompt read from a file is `systemPromptFile` (an extension).
 */
export type SystemPromptOption =
  | string
  | string[]
  | { type: 'custom'; prompt: string | string[]; snapshot?: boolean }
  | {
      type: 'preset';
      preset: 'claude_code';
      append?: string;
      excludeDynamicSections?: boolean;
      snapshot?: boolean;
    };

/** Permission mode names; the CLI may accept more, so any other string is passed through. */
export type PermissionMode =
  | 'default'
  | 'acceptEdits'
  | 'bypassPermissions'
  | 'plan'
  | 'dontAsk'
  | 'auto'
  | (string & {});

/** Which settings files the CLI reads. */
export type SettingSource = 'user' | 'project' | 'local';

/** How hard the model works. */
export type EffortLevel = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

/** Extended-thinking configuration; takes precedence over `maxThinkingTokens`. */
export type ThinkingConfig =
  | { type: 'adaptive'; display?: 'summarized' | 'omitted' }
  | { type: 'enabled'; budgetTokens?: number; display?: 'summarized' | 'omitted' }
  | { type: 'disabled' };

/** An MCP server the CLI starts as a child process. */
export interface McpStdioServerConfig {
  type?: 'stdio';
  command: string;
  args?: string[];
  env?: Record<string, string>;
  [key: string]: unknown;
}

/** An MCP server the CLI reaches over SSE or streamable HTTP. */
export interface McpRemoteServerConfig {
  type: 'sse' | 'http';
  url: string;
  headers?: Record<string, string>;
  [key: string]: unknown;
}

/**
 * An in-process MCP server that lives in this process and is reached over the control channel.
 * `instance` stays here: it is stripped before the config goes on the command line.
 */
export interface McpSdkServerConfig {
  type: 'sdk';
  name: string;
  instance?: unknown;
  [key: string]: unknown;
}

/** Any MCP server configuration. */
export type McpServerConfig = McpStdioServerConfig | McpRemoteServerConfig | McpSdkServerConfig;

/** A plugin loaded for this session only. Only local directories are supported. */
export interface PluginConfig {
  type: 'local';
  path: string;
  skipMcpDiscovery?: boolean;
}

/** Per-tool settings of built-in tools (`CliOptions.toolConfig`). */
export interface ToolConfig {
  askUserQuestion?: {
    /** What the model writes in a question option's `preview`: Markdown (default) or HTML fragments. */
    previewFormat?: 'markdown' | 'html';
  };
}

/** Structured output: the final result must match this JSON schema. */
export interface OutputFormat {
  type: 'json_schema';
  schema: Record<string, unknown>;
}

/**
 * Everything about the CLI that is set on its command line or environment. Names follow the
 * official TypeScript SDK's `Options`; options that travel in the `initialize` request (hooks,
 * agents, ...) are not here. Unknown keys are ignored, so a superset may be passed.
 */
export interface CliOptions {
  /** Agent for the main thread (`--agent`); it must be defined in settings or sent in `initialize`. */
  agent?: string;
  /** More directories the tools may access (`--add-dir`, repeated). */
  additionalDirectories?: string[];
  /** Model used by the advisor (`--advisor`). */
  advisorModel?: string;
  /** Tools allowed without asking (`--allowedTools a,b`). `skills` adds `Skill` entries. */
  allowedTools?: string[];
  /** Must be true for `permissionMode: 'bypassPermissions'` (`--allow-dangerously-skip-permissions`). */
  allowDangerouslySkipPermissions?: boolean;
  /** Minimal mode: no hooks, plugins sync, CLAUDE.md discovery, ... (`--bare`). */
  bare?: boolean;
  /** Beta headers (`--betas a,b`). */
  betas?: string[];
  /** Continue the most recent conversation in the working directory (`--continue`). */
  continue?: boolean;
  /** Debug logging to stderr (`--debug`). */
  debug?: boolean;
  /**
   * ccsdk extension: debug logging of these categories only, the CLI's filter syntax (`api,hooks`,
   * `!statsig`), sent as `--debug=<filter>`. Implies `debug`.
   */
  debugCategories?: string;
  /** Write debug logs to this file (`--debug-file`). */
  debugFile?: string;
  /** Tools removed from the model's context (`--disallowedTools a,b`). */
  disallowedTools?: string[];
  /** Effort level (`--effort`). */
  effort?: EffortLevel;
  /** Back up files before edits so they can be rewound (environment, see `buildCliEnv`). */
  enableFileCheckpointing?: boolean;
  /**
   * Any other CLI flag: `{ flag: null }` gives `--flag`; a value starting with `-` gives
   * `--flag=value`; any other value gives `--flag value`. Keys are written without `--`.
   */
  extraArgs?: Record<string, string | null>;
  /** Models to fall back to, comma-separated (`--fallback-model`). */
  fallbackModel?: string;
  /** On resume, continue under a new session id (`--fork-session`). */
  forkSession?: boolean;
  /** Forward subagent text and thinking blocks (`--forward-subagent-text`). */
  forwardSubagentText?: boolean;
  /** Emit hook lifecycle events (`--include-hook-events`). */
  includeHookEvents?: boolean;
  /** Emit partial message chunks (`--include-partial-messages`). */
  includePartialMessages?: boolean;
  /** Policy-tier settings from the spawning process (`--managed-settings <json>`). */
  managedSettings?: Record<string, unknown>;
  /** Budget in US dollars (`--max-budget-usd`). */
  maxBudgetUsd?: number;
  /** @deprecated Use `thinking`. Thinking token budget (`--max-thinking-tokens`), only without `thinking`. */
  maxThinkingTokens?: number;
  /** Turn limit (`--max-turns`). */
  maxTurns?: number;
  /**
   * MCP servers by name: they become `--mcp-config {"mcpServers":{...}}` (an `sdk` server's
   * `instance` is stripped).
   */
  mcpServers?: Record<string, McpServerConfig>;
  /**
   * An MCP config file path or JSON text, passed verbatim as its own `--mcp-config` (next to the
   * one `mcpServers` makes). A ccsdk extension.
   */
  mcpConfig?: string;
  /**
   * `'initialize'`: process servers (stdio, SSE, HTTP) are left off the command line because the
   * caller sends them in the `initialize` request, and the CLI waits for it (`--await-initialize`);
   * `sdk` servers still go on it. Default `'argv'`.
   */
  mcpServersDelivery?: 'argv' | 'initialize';
  /** Model (`--model`). */
  model?: string;
  /** Structured output schema (`--json-schema`). */
  outputFormat?: OutputFormat;
  /** Permission mode (`--permission-mode`). */
  permissionMode?: PermissionMode;
  /** MCP tool that answers permission prompts; `'stdio'` means the control channel (`--permission-prompt-tool`). */
  permissionPromptToolName?: string;
  /** Who answers permission prompts (`--permission-prompts host|none`). */
  permissionPrompts?: 'host' | 'none';
  /** `false` keeps the session off disk (`--no-session-persistence`). Default true. */
  persistSession?: boolean;
  /** Instructions that replace the plan-mode workflow text (`--plan-mode-instructions`). */
  planModeInstructions?: string;
  /**
   * `'initialize'`: plugins are left off the command line because the caller sends them in
   * `initialize`, and the CLI waits for it (`--await-initialize`, only when there is a plugin).
   */
  pluginDelivery?: 'argv' | 'initialize';
  /** Local plugins (`--plugin-dir`, repeated). */
  plugins?: PluginConfig[];
  /** The trusted checkout `cwd` is a worktree of (`--project-config-root`). */
  projectConfigRoot?: string;
  /** Emit a predicted next prompt after each turn (`--prompt-suggestions`). */
  promptSuggestions?: boolean;
  /** Session id (or title) to resume (`--resume=<id>`). */
  resume?: string;
  /** With `resumeSessionAt`: the prompt uuid of the turn being discarded (`--resume-drops-turn=<uuid>`). */
  resumeDropsTurn?: string;
  /** With `resume`: keep the conversation only up to this message uuid (`--resume-session-at=<uuid>`). */
  resumeSessionAt?: string;
  /** Sandbox settings, merged into `settings` (which must then be an object or JSON text). */
  sandbox?: Record<string, unknown>;
  /** Session id for a new conversation (`--session-id=<uuid>`). */
  sessionId?: string;
  /** Emit `transcript_mirror` frames after each transcript append (`--session-mirror`). */
  sessionMirror?: boolean;
  /** Settings object, JSON text, or path of a settings file (`--settings`). */
  settings?: Record<string, unknown> | string;
  /** Settings files to read (`--setting-sources=user,project`; `[]` reads none). */
  settingSources?: SettingSource[];
  /**
   * Skills for the main session: `'all'` allows `Skill`; a list allows `Skill(name)` for each.
   * Either way `settingSources` defaults to `['user', 'project']` so skills are discovered.
   */
  skills?: string[] | 'all';
  /** Use only the MCP servers given here (`--strict-mcp-config`). */
  strictMcpConfig?: boolean;
  /** System prompt; see {@link SystemPromptOption}. */
  systemPrompt?: SystemPromptOption;
  /**
   * ccsdk extension: read the system prompt from this file (`--system-prompt-file`), instead of
   * `systemPrompt` (setting both is refused).
   */
  systemPromptFile?: string;
  /** API-side task budget in tokens (`--task-budget`). */
  taskBudget?: { total: number };
  /** Extended thinking (`--thinking`, `--max-thinking-tokens`, `--thinking-display`). */
  thinking?: ThinkingConfig;
  /**
   * Per-tool settings of built-in tools. Today `askUserQuestion.previewFormat` (`'markdown'`, the
   * CLI's default, or `'html'`), sent as `CLAUDE_CODE_QUESTION_PREVIEW_FORMAT` (see `buildCliEnv`).
   */
  toolConfig?: ToolConfig;
  /** Built-in tools: a list, `[]` for none, or the Claude Code preset (`--tools`). */
  tools?: string[] | { type: 'preset'; preset: 'claude_code' };
}
