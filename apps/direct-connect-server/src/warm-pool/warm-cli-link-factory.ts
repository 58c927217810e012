import type { CliLinkFactory } from '../cli-link.js';
import { ClaimingCliLink } from './claiming-cli-link.js';
import { spareConfigOf } from './spare-config.js';
import type { WarmPool } from './warm-pool.js';

/**
 * Wraps the server's link factory so sessions are served from `pool`: a session whose params
 * have a spare configuration (not a resume) gets a {@link ClaimingCliLink}, which claims a spare
 * or falls back to `cold`; the rest get `cold` directly.
 */
export function warmCliLinkFactory(pool: WarmPool, cold: CliLinkFactory): CliLinkFactory {
  return (params) => {
    const config = spareConfigOf(params);
    if (config === undefined) return cold(params);
    return new ClaimingCliLink({ pool, config, params, cold: () => cold(params) });
  };
}
