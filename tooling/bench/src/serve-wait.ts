/** Waiting for a `ccsdk serve` process to settle between the phases of a benchmark. */
import { descendantPids } from './serve-proc-status.js';
import type { ServeProcess } from './serve-process.js';

/** How often the wait looks, in ms. */
const POLL_MS = 200;

/**
 * Waits until the server holds no session and has no child process left (every CLI exited), or
 * `timeoutMs` passed; resolves with what is left then.
 */
export async function waitForIdleServer(
  server: ServeProcess,
  timeoutMs: number,
): Promise<{ sessions: number; processes: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const sessions = await server.liveSessions().catch(() => Number.NaN);
    const processes = descendantPids(server.pid).length;
    if ((sessions === 0 && processes === 0) || Date.now() > deadline) return { sessions, processes };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
