import { signalGroup } from './process-group.js';

/** A live process group in the registry. */
export interface RegisteredGroup {
  /** Marks the group as already sent SIGTERM: at parent exit it then gets SIGKILL. */
  markTerminating(): void;
  /** Removes the group once none of its processes is left. Idempotent. */
  release(): void;
}

const PARENT_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const live = new Map<number, { terminating: boolean }>();
let installed = false;

/**
 * Tracks a spawned process group so that it does not outlive this process. While any group is
 * live, a `process.on('exit')` hook signals every group synchronously (SIGTERM, or SIGKILL for a
 * group already being terminated), and SIGINT/SIGTERM/SIGHUP handlers do the same before the
 * signal's default action is re-raised. The signal handlers step aside when the application has
 * its own listener for that signal (then it decides; the exit hook still runs if it exits). They
 * are put first in the listener list, so that they still see an application's `once()` listener,
 * which Node removes just before calling it.
 * All hooks are removed when the last group is released.
 */
export function registerGroup(pgid: number): RegisteredGroup {
  const entry = { terminating: false };
  live.set(pgid, entry);
  install();
  return {
    markTerminating() {
      entry.terminating = true;
    },
    release() {
      if (live.get(pgid) !== entry) return;
      live.delete(pgid);
      if (live.size === 0) uninstall();
    },
  };
}

/** Number of process groups currently tracked (for diagnostics and tests). */
export function liveGroupCount(): number {
  return live.size;
}

function signalAll(): void {
  for (const [pgid, entry] of live) signalGroup(pgid, entry.terminating ? 'SIGKILL' : 'SIGTERM');
}

function onExit(): void {
  signalAll();
}

function onParentSignal(signal: NodeJS.Signals): void {
  // First in line (prependListener): every listener of the application is still registered here.
  if (process.listenerCount(signal) > 1) return;
  signalAll();
  live.clear();
  uninstall();
  process.kill(process.pid, signal);
}

function install(): void {
  if (installed) return;
  installed = true;
  process.on('exit', onExit);
  if (process.platform !== 'win32')
    for (const signal of PARENT_SIGNALS) process.prependListener(signal, onParentSignal);
}

function uninstall(): void {
  if (!installed) return;
  installed = false;
  process.off('exit', onExit);
  for (const signal of PARENT_SIGNALS) process.off(signal, onParentSignal);
}
