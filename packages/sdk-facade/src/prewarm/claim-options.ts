import { resolve } from 'node:path';
import { claimSessionRequest } from '@ccsdk/transport-subprocess';
import type { PermissionMode } from '../control/control-methods.js';
import type { AgentDefinition } from '../options/agents.js';
import { agentsForInitialize } from '../options/agents.js';

/**
 * The per-session half of the options, given at `claim()`: what a host only knows once the user
 * picked a folder. Everything else is fixed at `prewarm()`.
 */
export interface ClaimOptions {
  /** The session's folder (required); a relative path resolves against this process's cwd. */
  cwd: string;
  /**
   * Environment for the session; the CLI accepts only `CLAUDE_CODE_OAUTH_TOKEN`,
   * `CLAUDE_CODE_SESSION_ACCESS_TOKEN` and `CLAUDE_CODE_HOST_SESSION_ID` and refuses the claim otherwise.
   */
  env?: Record<string, string>;
  /** As `--add-dir`; relative entries resolve against `cwd`. */
  additionalDirectories?: string[];
  /** Sent with `set_model` after the claim. */
  model?: string;
  /** Part of the claim itself: a mode the process cannot take refuses the claim. */
  permissionMode?: PermissionMode;
  /** Sent with `set_max_thinking_tokens` after the claim. */
  maxThinkingTokens?: number | null;
  /** A flag-settings overlay applied before the claim (keys that govern hooks are refused). */
  settings?: Record<string, unknown>;
  appendSystemPrompt?: string;
  /** The session's title, as `Options.title`. */
  title?: string;
  agents?: Record<string, AgentDefinition>;
}

/** Settings keys a claim may not carry: hooks are fixed at `prewarm()`. */
export const CLAIM_REFUSED_SETTINGS_KEYS: readonly string[] = [
  'hooks',
  'disableAllHooks',
  'allowManagedHooksOnly',
  'allowedHttpHookUrls',
  'httpHookAllowedEnvVars',
];

/** Validates claim options, throwing a `TypeError` that quotes the bad value. */
export function checkClaimOptions(options: unknown): asserts options is ClaimOptions {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError(`claim: options must be an object with cwd, got ${JSON.stringify(options)}`);
  }
  const o = options as ClaimOptions;
  if (typeof o.cwd !== 'string' || o.cwd === '') {
    throw new TypeError(`claim: options.cwd must be a non-empty folder path, got ${JSON.stringify(o.cwd)}`);
  }
  if (o.settings !== undefined) {
    if (typeof o.settings !== 'object' || o.settings === null || Array.isArray(o.settings)) {
      throw new TypeError(`claim: options.settings must be an object, got ${JSON.stringify(o.settings)}`);
    }
    const hookKey = Object.keys(o.settings).find((key) => CLAIM_REFUSED_SETTINGS_KEYS.includes(key));
    if (hookKey !== undefined) {
      throw new TypeError(
        `claim: options.settings.${hookKey} governs hooks, which are fixed at prewarm(); pass it in prewarm's Options.settings`,
      );
    }
  }
  if (o.env !== undefined && (typeof o.env !== 'object' || o.env === null)) {
    throw new TypeError(`claim: options.env must be an object of strings, got ${JSON.stringify(o.env)}`);
  }
}

/** The `claim_session` payload: the CLI's snake_case fields, `include_initialize` always on. */
export function buildClaimRequest(
  options: ClaimOptions,
  sdkMcpServers: readonly string[],
): Record<string, unknown> {
  return claimSessionRequest({
    cwd: options.cwd.startsWith('~') ? options.cwd : resolve(options.cwd),
    ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.additionalDirectories === undefined
      ? {}
      : { additionalDirectories: options.additionalDirectories }),
    ...(options.appendSystemPrompt === undefined ? {} : { appendSystemPrompt: options.appendSystemPrompt }),
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.agents === undefined ? {} : { agents: agentsForInitialize(options.agents) }),
    sdkMcpServers,
    includeInitialize: true,
  });
}
