import type { CliLinkFactory } from '../cli-link.js';
import type { ResolvedServerOptions } from '../server-options.js';
import { WarmPool } from './warm-pool.js';

/**
 * The server's warm pool, or `undefined` when `warm` is 0. It starts filling at once for the
 * configuration of a session that names no permission mode; other modes get spares from their
 * first create on.
 */
export function createWarmPool(
  options: ResolvedServerOptions,
  createLink: CliLinkFactory,
): WarmPool | undefined {
  if (options.warm === 0) return undefined;
  const pool = new WarmPool({
    size: options.warm,
    maxAgeMs: options.warmMaxAgeMs,
    createLink,
    maxLineBytes: options.maxMessageBytes,
    ...(options.cli.env === undefined ? {} : { cliEnv: options.cli.env }),
    log: options.logger,
  });
  pool.prime({ sessionMirror: options.sessionStore !== undefined });
  return pool;
}
