import type { CliLinkParams } from '../cli-link.js';

/**
 * What decides a spare's argv and environment beyond the server's shared CLI options: the
 * session's permission mode and whether transcripts are mirrored. Two sessions with equal
 * configurations can be served by the same spare; `cwd` is bound later by the claim.
 */
export interface SpareConfig {
  readonly permissionMode?: string;
  readonly sessionMirror: boolean;
}

/**
 * The configuration a session's params ask for, or `undefined` when the session cannot be served
 * by a spare: a resume (its own `--resume` and private config dir) or any per-session env.
 */
export function spareConfigOf(params: CliLinkParams): SpareConfig | undefined {
  if (params.resume !== undefined || params.env !== undefined || params.awaitClaim === true) return undefined;
  return {
    ...(params.permissionMode === undefined ? {} : { permissionMode: params.permissionMode }),
    sessionMirror: params.sessionMirror,
  };
}

/** A stable key for a configuration, for grouping spares. */
export function spareConfigKey(config: SpareConfig): string {
  return JSON.stringify([config.permissionMode ?? null, config.sessionMirror]);
}
