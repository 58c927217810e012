import type {
  AccountInfo,
  AgentInfo,
  InitializationResult,
  ModelInfo,
  SlashCommand,
} from './initialization.js';

/** A permission mode the CLI accepts. */
export type PermissionMode = 'default' | 'acceptEdits' | 'bypassPermissions' | 'plan' | 'dontAsk' | 'auto';

/** One MCP server's state, as `mcpServerStatus()` reports it. */
export interface McpServerStatus {
  name: string;
  /** `connected`, `pending`, `failed`, `needs-auth`, `disabled`, or a later value. */
  status: string;
  serverInfo?: { name: string; version: string };
  error?: string;
  [key: string]: unknown;
}

/** What `rewindFiles()` did (or, with `dryRun`, would do). */
export interface RewindFilesResult {
  canRewind?: boolean;
  error?: string;
  filesChanged?: string[];
  [key: string]: unknown;
}

/**
 * The control methods of a query, each one control request to the CLI. Every method waits for
 * `initialize` first and rejects with the channel's typed error (`CONTROL_ERROR_RESPONSE` when the
 * CLI refuses, `CONNECTION_CLOSED` after close, `REQUEST_ABORTED` when the query is aborted).
 */
export abstract class ControlMethods {
  /**
   * Sends any control request and resolves with the CLI's reply: for subtypes this SDK has not
   * wrapped yet. `payload` fields go next to `subtype` in the request.
   */
  abstract request<T = Record<string, unknown>>(
    subtype: string,
    payload?: Record<string, unknown>,
  ): Promise<T>;

  /** Resolves with the CLI's `initialize` answer once the session is ready. */
  abstract initializationResult(): Promise<InitializationResult>;

  /**
   * Interrupts the current turn; the session can go on with a new message. Resolves with the
   * CLI's receipt (`still_queued`: uuids of queued messages that will still run), or
   * `undefined` from a CLI that sends none.
   */
  async interrupt(): Promise<{ still_queued: string[]; cancelled?: string[] } | undefined> {
    const reply = await this.request<{ still_queued?: unknown }>('interrupt');
    return Array.isArray(reply?.still_queued) ? (reply as { still_queued: string[] }) : undefined;
  }

  /**
   * Changes the permission mode for the rest of the session. Resolves with the mode now in
   * effect when the CLI names one (it may differ from the one asked for), else `undefined`.
   */
  async setPermissionMode(mode: PermissionMode): Promise<{ mode?: PermissionMode } | undefined> {
    const reply = await this.request<{ mode?: unknown }>('set_permission_mode', { mode });
    return typeof reply?.mode === 'string' ? { mode: reply.mode as PermissionMode } : undefined;
  }

  /**
   * Switches the model; it applies from the next model round trip, also within the current turn.
   * `undefined` goes back to the default model.
   */
  async setModel(model?: string): Promise<void> {
    await this.request('set_model', { model: model ?? null });
  }

  /**
   * Sets the thinking budget in tokens; `null` clears it. `thinkingDisplay` replaces the
   * session's display mode (`null` clears that override; omitted keeps it).
   */
  async setMaxThinkingTokens(
    maxThinkingTokens: number | null,
    thinkingDisplay?: 'summarized' | 'omitted' | 'highlights' | null,
  ): Promise<void> {
    if (maxThinkingTokens !== null && !(Number.isInteger(maxThinkingTokens) && maxThinkingTokens >= 0)) {
      throw new TypeError(
        `maxThinkingTokens must be a non-negative integer or null, got ${String(maxThinkingTokens)}`,
      );
    }
    await this.request('set_max_thinking_tokens', {
      max_thinking_tokens: maxThinkingTokens,
      ...(thinkingDisplay === undefined ? {} : { thinking_display: thinkingDisplay }),
    });
  }

  /** The slash commands and skills the session offers (from `initialize`). */
  async supportedCommands(): Promise<SlashCommand[]> {
    return (await this.initializationResult()).commands ?? [];
  }

  /** The models `setModel` accepts (from `initialize`). */
  async supportedModels(): Promise<ModelInfo[]> {
    return (await this.initializationResult()).models ?? [];
  }

  /** The subagents the session can delegate to (from `initialize`). */
  async supportedAgents(): Promise<AgentInfo[]> {
    return (await this.initializationResult()).agents ?? [];
  }

  /** The account the session uses (from `initialize`). */
  async accountInfo(): Promise<AccountInfo> {
    return (await this.initializationResult()).account ?? {};
  }

  /** The state of every MCP server, asked of the CLI now. */
  async mcpServerStatus(): Promise<McpServerStatus[]> {
    const reply = await this.request<{ mcpServers?: McpServerStatus[] }>('mcp_status');
    return reply.mcpServers ?? [];
  }

  /**
   * How the context window is used (categories, total and max tokens), asked of the CLI now.
   * `detail: 'summary'` skips the per-category token counts (default `'full'`).
   */
  getContextUsage(options: { detail?: 'summary' | 'full' } = {}): Promise<Record<string, unknown>> {
    return this.request('get_context_usage', options.detail === undefined ? {} : { detail: options.detail });
  }

  /** Restores files to their state at a user message (needs `enableFileCheckpointing`). */
  rewindFiles(userMessageId: string, options: { dryRun?: boolean } = {}): Promise<RewindFilesResult> {
    return this.request('rewind_files', {
      user_message_id: userMessageId,
      ...(options.dryRun === undefined ? {} : { dry_run: options.dryRun }),
    });
  }

  /** Reconnects one MCP server by name. */
  async reconnectMcpServer(serverName: string): Promise<void> {
    await this.request('mcp_reconnect', { serverName });
  }

  /** Enables or disables one MCP server by name. */
  async toggleMcpServer(serverName: string, enabled: boolean): Promise<void> {
    await this.request('mcp_toggle', { serverName, enabled });
  }

  /**
   * Replaces the session's process MCP servers (stdio, SSE, HTTP); resolves with the CLI's report
   * of what was added, removed and failed. In-process servers are fixed at `query()` time.
   */
  setMcpServers(servers: Record<string, Record<string, unknown>>): Promise<Record<string, unknown>> {
    for (const [name, config] of Object.entries(servers)) {
      if (config['type'] === 'sdk') {
        throw new TypeError(
          `setMcpServers: ${JSON.stringify(name)} is an in-process server; pass those to query() instead`,
        );
      }
    }
    return this.request('mcp_set_servers', { servers });
  }

  /** Stops a running background task (a subagent, a shell) by id. */
  async stopTask(taskId: string): Promise<void> {
    await this.request('stop_task', { task_id: taskId });
  }
}
