import {
  ControlProtocolError,
  type SDKControlGetUsageResponse,
  type SDKControlMcpReadResourceResponse,
  type SDKControlReadFileResponse,
  type SDKControlReloadOutputStylesResponse,
  type SDKControlReloadPluginsResponse,
  type SDKControlReloadSkillsResponse,
  type SdkPluginConfig,
} from '@ccsdk/control-protocol';
import type { FlagSettings } from '../settings/settings-types.js';
import { ControlMethods } from './control-methods.js';
import type { InitializationResult } from './initialization.js';
import { checkMtime, checkOptionalRecord, checkText } from './method-arguments.js';

/**
 * The control methods that read or reload session state (files, MCP resources, skills,
 * plugins, settings, usage), each one control request with the subtype the official SDK sends.
 * A refusal by the CLI rejects with `ControlProtocolError` code `CONTROL_ERROR_RESPONSE`
 * carrying the CLI's message; bad arguments throw a `TypeError` before anything is sent.
 */
export abstract class SessionControlMethods extends ControlMethods {
  /** The `initialize` payload this query sent first (hooks, agents, title, ...). */
  protected abstract initializePayload(): Record<string, unknown>;

  /**
   * Sends `initialize` again (e.g. after a transport gap) and resolves with the fresh answer.
   * Over stdio the CLI re-registers this query's hooks from it (`hooks_applied: true`).
   */
  reinitialize(): Promise<InitializationResult> {
    return this.request<InitializationResult>('initialize', this.initializePayload());
  }

  /**
   * Reads a file through the CLI (relative to its cwd, under the Read tool's permission rules).
   * Resolves `null` when the CLI refuses (denied, missing); a closed or aborted query rejects.
   */
  readFile(
    path: string,
    options: { maxBytes?: number; encoding?: 'utf-8' | 'base64' } = {},
  ): Promise<SDKControlReadFileResponse | null> {
    checkText('readFile: path', path);
    // An empty path, a `maxBytes` or an `encoding` the CLI refuses is sent as the official SDK
    // sends it, and resolves `null` as the CLI's refusal does.
    return this.request<SDKControlReadFileResponse>('read_file', {
      path,
      ...(options.maxBytes === undefined ? {} : { max_bytes: options.maxBytes }),
      ...(options.encoding === undefined ? {} : { encoding: options.encoding }),
    }).catch((error: unknown) => {
      if (ControlProtocolError.isInstance(error) && error.code === 'CONTROL_ERROR_RESPONSE') return null;
      throw error;
    });
  }

  /** Reads one `ui://` resource of an MCP server the CLI connected. */
  readMcpResource(serverName: string, uri: string): Promise<SDKControlMcpReadResourceResponse> {
    checkText('readMcpResource: serverName', serverName);
    checkText('readMcpResource: uri', uri);
    return this.request<SDKControlMcpReadResourceResponse>('mcp_read_resource', { serverName, uri });
  }

  /** Re-reads the skill folders and resolves with the skills the session now offers. */
  reloadSkills(): Promise<SDKControlReloadSkillsResponse> {
    return this.request<SDKControlReloadSkillsResponse>('reload_skills');
  }

  /** Re-reads the plugins (plus `addPlugins`) and resolves with the refreshed components. */
  reloadPlugins(
    given: { holdOnCacheImpact?: boolean; addPlugins?: SdkPluginConfig[]; refuseIfBusy?: boolean } = {},
  ): Promise<SDKControlReloadPluginsResponse> {
    // `null` is no options, as the official SDK reads it.
    const options = given ?? {};
    checkOptionalRecord('reloadPlugins: options', options);
    return this.request<SDKControlReloadPluginsResponse>('reload_plugins', {
      ...(options.holdOnCacheImpact === undefined ? {} : { hold_on_cache_impact: options.holdOnCacheImpact }),
      ...(options.addPlugins === undefined ? {} : { add_plugins: options.addPlugins }),
      ...(options.refuseIfBusy === undefined ? {} : { refuse_if_busy: options.refuseIfBusy }),
    });
  }

  /** Re-reads the output-style folders and resolves with every style name. */
  reloadOutputStyles(): Promise<SDKControlReloadOutputStylesResponse> {
    return this.request<SDKControlReloadOutputStylesResponse>('reload_output_styles');
  }

  /**
   * Merges settings into the session's flag layer (as `options.settings` does at start);
   * `null` clears a key. Rejects, applying nothing, when the CLI refuses a value.
   */
  applyFlagSettings(settings: FlagSettings): Promise<void> {
    checkOptionalRecord('applyFlagSettings: settings', settings);
    return this.request('apply_flag_settings', { settings }).then(nothing);
  }

  /**
   * Writes settings into a settings file through the CLI's own writer and applies them. The
   * CLI allows few keys per file (local: `outputStyle`; user: `effortLevel`).
   */
  updateSettings(source: 'localSettings' | 'userSettings', settings: Record<string, unknown>): Promise<void> {
    if (source !== 'localSettings' && source !== 'userSettings') {
      throw new TypeError(
        `updateSettings: source must be 'localSettings' or 'userSettings', got ${JSON.stringify(source)}`,
      );
    }
    checkOptionalRecord('updateSettings: settings', settings);
    return this.request('update_settings', { source, settings }).then(nothing);
  }

  /**
   * Sends running foreground tasks (Bash, subagents) to the background: one by its tool_use id,
   * or all (also for an empty `toolUseId`, as the official SDK reads it). Resolves false only when
   * `toolUseId` matched no foreground task.
   */
  backgroundTasks(toolUseId?: string): Promise<boolean> {
    if (toolUseId !== undefined) checkText('backgroundTasks: toolUseId', toolUseId);
    return this.request<{ backgrounded?: boolean }>(
      'background_tasks',
      toolUseId === undefined || toolUseId === '' ? {} : { tool_use_id: toolUseId },
    ).then((reply) => reply.backgrounded !== false);
  }

  /** Tells the CLI a file was read at `mtime` (floored ms), so an Edit needs no fresh Read. */
  seedReadState(path: string, mtime: number): Promise<void> {
    checkText('seedReadState: path', path);
    checkMtime(mtime);
    return this.request('seed_read_state', { path, mtime }).then(nothing);
  }

  /** Pins (`default`, `auto`) or clears (`null`) one MCP server's permission mode; tighten-only. */
  setMcpPermissionModeOverride(
    serverName: string,
    mode: 'default' | 'auto' | null,
  ): Promise<{ warning?: string }> {
    checkText('setMcpPermissionModeOverride: serverName', serverName);
    if (mode !== 'default' && mode !== 'auto' && mode !== null) {
      throw new TypeError(
        `setMcpPermissionModeOverride: mode must be 'default', 'auto' or null, got ${JSON.stringify(mode)}`,
      );
    }
    return this.request<{ warning?: string }>('set_mcp_permission_mode_override', { serverName, mode });
  }

  /** Session cost and token totals plus plan rate limits (`get_usage`). Unstable, as upstream says. */
  usage_EXPERIMENTAL_MAY_CHANGE_DO_NOT_RELY_ON_THIS_API_YET(
    options: { skipBehaviors?: boolean } = {},
  ): Promise<SDKControlGetUsageResponse> {
    return this.request<SDKControlGetUsageResponse>(
      'get_usage',
      options.skipBehaviors === undefined ? {} : { skip_behaviors: options.skipBehaviors },
    );
  }
}

function nothing(): void {}
