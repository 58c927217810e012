import type {
  McpServerStatus,
  McpSetServersResult,
  PermissionMode,
  SDKControlGetContextUsageResponse,
  SDKControlInterruptResponse,
  SDKControlSetPermissionModeResponse,
} from '@ccsdk/control-protocol';
import { isSdkMcpServerConfig, type McpSdkServerConfigWithInstance } from '@ccsdk/mcp-inproc';
import type { McpServerConfig } from '../mcp/mcp-server-config.js';
import { toolPoliciesOnWire } from '../mcp/sdk-mcp-server-configs.js';
import type { RewindFilesResult } from './control-results.js';
import type {
  AccountInfo,
  AgentInfo,
  InitializationResult,
  ModelInfo,
  SlashCommand,
} from './initialization.js';
import { checkOptionalRecord } from './method-arguments.js';

export type { McpServerStatus, PermissionMode };

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
   * CLI's report of queued prompts, or `undefined` when the CLI sent none.
   */
  async interrupt(): Promise<SDKControlInterruptResponse | undefined> {
    const reply = await this.request<Partial<SDKControlInterruptResponse>>('interrupt');
    return Array.isArray(reply.still_queued) ? (reply as SDKControlInterruptResponse) : undefined;
  }

  /** Changes the permission mode for the rest of the session; resolves with the CLI's answer. */
  async setPermissionMode(mode: PermissionMode): Promise<SDKControlSetPermissionModeResponse | undefined> {
    return this.request<SDKControlSetPermissionModeResponse>('set_permission_mode', { mode });
  }

  /**
   * Switches the model; it applies from the next model round trip, also within the current turn.
   * `undefined` goes back to the default model (the request then names none, as the official
   * SDK sends it).
   */
  async setModel(model?: string): Promise<void> {
    await this.request('set_model', model === undefined ? {} : { model });
  }

  /**
   * Sets the thinking budget in tokens; `null` clears it. `thinkingDisplay` (when given) sets
   * how thinking text comes back.
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

  /** How the context window is used (categories, total and max tokens), asked of the CLI now. */
  getContextUsage(opts: { detail?: 'summary' | 'full' } = {}): Promise<SDKControlGetContextUsageResponse> {
    return this.request('get_context_usage', opts.detail === undefined ? {} : { detail: opts.detail });
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
   * Replaces the servers set by earlier calls and every in-process server (those passed in
   * `options.mcpServers` included) with `servers`, as the official SDK does; resolves with the
   * CLI's report of what was added, removed and failed. In-process (`type: 'sdk'`) servers are
   * served here, in this process: they answer the CLI's `mcp_message` requests from the moment
   * this is called, and one left out has its MCP session closed. Should the CLI refuse, the
   * in-process servers are put back as they were. An in-process server's `instance` is an
   * `McpServer` (from `createSdkMcpServer()` or built by hand) and may serve other queries at the
   * same time. Throws a `TypeError` before anything is sent for a `type: 'sdk'` entry whose
   * `instance` is not an MCP server.
   */
  setMcpServers(servers: Record<string, McpServerConfig>): Promise<McpSetServersResult> {
    checkOptionalRecord('setMcpServers: servers', servers);
    const inProcess: Record<string, McpSdkServerConfigWithInstance> = {};
    const wire: Record<string, unknown> = {};
    for (const [name, config] of Object.entries(servers)) {
      if ((config as { type?: unknown } | null)?.type !== 'sdk') {
        wire[name] = config;
        continue;
      }
      if (!isSdkMcpServerConfig(config)) {
        throw new TypeError(
          `setMcpServers: ${JSON.stringify(name)} has type 'sdk' but its instance is not an McpServer`,
        );
      }
      inProcess[name] = config;
      const { instance: _instance, ...onWire } = config;
      // The tool policies as the official SDK sends them (the CLI ignores org_max_permission here).
      wire[name] = Array.isArray(onWire.tools)
        ? { ...onWire, tools: toolPoliciesOnWire(onWire.tools) }
        : onWire;
    }
    return this.replaceSdkMcpServers(inProcess).then(async (previous) => {
      try {
        return await this.request<McpSetServersResult>('mcp_set_servers', { servers: wire });
      } catch (error) {
        await this.replaceSdkMcpServers(previous).catch(() => undefined);
        throw error;
      }
    });
  }

  /**
   * Makes `servers` the in-process MCP servers this query answers `mcp_message` for, and
   * resolves with the set they replace. A query that cannot serve them here refuses.
   */
  protected replaceSdkMcpServers(
    servers: Record<string, McpSdkServerConfigWithInstance>,
  ): Promise<Record<string, McpSdkServerConfigWithInstance>> {
    if (Object.keys(servers).length === 0) return Promise.resolve({});
    return Promise.reject(new TypeError('setMcpServers: this query cannot serve in-process MCP servers'));
  }

  /** Stops a running background task (a subagent, a shell) by id. */
  async stopTask(taskId: string): Promise<void> {
    await this.request('stop_task', { task_id: taskId });
  }
}
