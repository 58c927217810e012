import type { AgentDefinition, PermissionMode, SDKUserMessage } from '@ccsdk/control-protocol';
import type { FlagSettings } from '../settings/settings-types.js';
import type { Query } from './query-types.js';

/**
 * What a spare process is claimed with: the session's folder and the options that can still
 * change after the CLI started (the rest were fixed by `prewarm()`).
 */
export type ClaimOptions = {
  cwd: string;
  env?: Record<string, string>;
  additionalDirectories?: string[];
  model?: string;
  permissionMode?: PermissionMode;
  maxThinkingTokens?: number | null;
  /** Flag-level settings to apply on claim (`null` removes a key). */
  settings?: FlagSettings;
  appendSystemPrompt?: string;
  title?: string;
  agents?: Record<string, AgentDefinition>;
};

/**
 * A CLI started ahead of time by `prewarm()`, before the session's folder is known. `claim()`
 * turns it into a query for a folder; `claimed` resolves when the CLI took the claim; `exited`
 * when the process is gone. Dispose (or `close()`) an unclaimed spare to stop it.
 */
export interface SpareProcess extends AsyncDisposable {
  /** Hands the spare to a session: the prompt and the options for its folder; returns that session's query. */
  claim(params: { prompt: string | AsyncIterable<SDKUserMessage>; options: ClaimOptions }): Query;
  readonly claimed: Promise<{ cwd: string; sessionId: string; parkedMs?: number; sdkMcpSettled: boolean }>;
  readonly exited: Promise<void>;
  /** Stops the spare's CLI if it has not been claimed. */
  close(): void;
}
