import { SdkError } from '../errors/sdk-error.js';

/**
 * Why a spare could not serve a session, as `SpareProcess.claimed` rejects:
 * - `CLAIM_REFUSED`: the CLI refused the claim (the message starts with its reason, e.g.
 *   `cwd_not_found`, `env_key_not_claimable`, `permission_mode_not_claimable`); the prompt was
 *   not run. Start the session with `query()`.
 * - `SETTINGS_NOT_APPLIED`: the `settings` overlay was refused before the claim; nothing ran.
 * - `OPTION_NOT_APPLIED`: `model` or `maxThinkingTokens` was refused after the claim; the
 *   session runs without it (do not start it again).
 * - `SPARE_EXITED` / `SPARE_CLOSED`: the spare went away before a claim.
 */
export type PrewarmErrorCode =
  | 'CLAIM_REFUSED'
  | 'SETTINGS_NOT_APPLIED'
  | 'OPTION_NOT_APPLIED'
  | 'SPARE_EXITED'
  | 'SPARE_CLOSED';

/** A spare's claim failed; `code` says how, the message starts with the official reason token. */
export class PrewarmError extends SdkError {
  /** How the claim failed. */
  readonly reason: PrewarmErrorCode;
  /** With `OPTION_NOT_APPLIED`: the claim that did succeed. */
  readonly claim: ClaimInfo | undefined;

  constructor(init: { reason: PrewarmErrorCode; message: string; cause?: unknown; claim?: ClaimInfo }) {
    super({ code: 'PREWARM_FAILED', message: init.message, cause: init.cause });
    this.name = 'PrewarmError';
    this.reason = init.reason;
    this.claim = init.claim;
  }
}

/** What a successful claim reports. */
export interface ClaimInfo {
  /** The session's working directory, as the CLI resolved it. */
  cwd: string;
  sessionId: string;
  /** How long the spare was parked, in ms. */
  parkedMs?: number;
  /** True once the in-process MCP servers' handshakes were settled at claim time. */
  sdkMcpSettled: boolean;
}
