import { GROUP_POLL_INTERVAL_MS } from './limits.js';
import { groupHasLiveMembers, signalGroup } from './process-group.js';
import { delay } from './wait.js';

/** Options of {@link endGroupSurvivors}. */
export interface EndGroupSurvivorsOptions {
  /** Wait after SIGTERM before SIGKILL, and after SIGKILL before giving up, in ms. */
  killAfterMs: number;
  /** Called just before SIGTERM is sent (the group is then "being terminated"). */
  onTerminating?: () => void;
}

/**
 * Ends the processes still left in group `pgid` after its leader exited (Bash tools, MCP servers):
 * SIGTERM, a poll every `GROUP_POLL_INTERVAL_MS` for up to `killAfterMs`, then SIGKILL and another
 * bounded wait. Resolves true when the group is empty, false when something survived (e.g. a
 * process stuck in uninterruptible sleep). A no-op on Windows, which has no process groups.
 */
export async function endGroupSurvivors(pgid: number, options: EndGroupSurvivorsOptions): Promise<boolean> {
  if (process.platform === 'win32' || !groupHasLiveMembers(pgid)) return true;
  options.onTerminating?.();
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    signalGroup(pgid, signal);
    const deadline = Date.now() + options.killAfterMs;
    while (groupHasLiveMembers(pgid)) {
      if (Date.now() >= deadline) break;
      await delay(GROUP_POLL_INTERVAL_MS);
    }
    if (!groupHasLiveMembers(pgid)) return true;
  }
  return false;
}
