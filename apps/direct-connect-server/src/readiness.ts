import type { StoreProbe } from './readiness-store-probe.js';
import type { SessionRegistry } from './session-registry.js';

/**
 * Why `/readyz` answers 503:
 * - `draining`: a drain began (`drain()`, `ccsdk serve` on SIGTERM);
 * - `shutting_down`: `close()` began;
 * - `store_unreachable`: the session store did not answer its probe in time, or failed it;
 * - `at_session_cap`: `maxSessions` sessions are alive (or being created).
 */
export type ReadinessReason = 'draining' | 'shutting_down' | 'store_unreachable' | 'at_session_cap';

/** What `/readyz` reports. */
export interface Readiness {
  /** True when the server takes new sessions. */
  readonly ready: boolean;
  /** Why not, in a fixed order; empty when ready. */
  readonly reasons: readonly ReadinessReason[];
  /** Sessions alive now, slots being created included. */
  readonly sessions: number;
  /** The session limit. */
  readonly maxSessions: number;
}

/** What the readiness check looks at. */
export interface ReadinessSources {
  readonly registry: SessionRegistry;
  readonly maxSessions: number;
  readonly isDraining: () => boolean;
  readonly isShuttingDown: () => boolean;
  /** Probes the session store; absent when the server has none (nothing to be unreachable). */
  readonly storeProbe: StoreProbe | undefined;
}

/** Whether the server takes new sessions now, and why not. Never rejects. */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const reasons: ReadinessReason[] = [];
  if (sources.isDraining()) reasons.push('draining');
  if (sources.isShuttingDown()) reasons.push('shutting_down');
  if (sources.storeProbe !== undefined && !(await sources.storeProbe.reachable()))
    reasons.push('store_unreachable');
  const sessions = sources.registry.liveCount;
  if (sessions >= sources.maxSessions) reasons.push('at_session_cap');
  return { ready: reasons.length === 0, reasons, sessions, maxSessions: sources.maxSessions };
}
