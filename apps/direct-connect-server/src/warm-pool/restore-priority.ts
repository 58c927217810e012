import {
  autogroupOf,
  autogroupWriterOf,
  nodePrioritySystem,
  ownAutogroupOf,
  type PriorityChangeOptions,
} from '../cli-start-priority.js';

/** What {@link restoreCliPriority} changed. */
export interface RestoreOutcome {
  /** True when the process's own autogroup got the server's autogroup niceness back. */
  readonly autogroup: boolean;
  /** How many of its threads (or the process, where threads cannot be listed) got the server's niceness. */
  readonly threads: number;
}

/**
 * Gives a claimed spare (started at `CLI_NICENESS`) the server's own CPU priority back, best
 * effort: each thread's niceness at once, and its autogroup's (when it leads its own) through the
 * rate-limited writer the lowering uses (`AutogroupWriter`), so a restore asked after a lowering
 * still waiting is written after it. Raising a thread's priority needs `CAP_SYS_NICE` or an
 * `RLIMIT_NICE` that allows it; where the system refuses, the process keeps the lowered
 * priority (as a CLI started in a burst does). Never rejects.
 */
export async function restoreCliPriority(
  pid: number,
  options: PriorityChangeOptions = {},
): Promise<RestoreOutcome> {
  const system = options.system ?? nodePrioritySystem;
  let own: number;
  try {
    own = system.getPriority(process.pid);
  } catch {
    return { autogroup: false, threads: 0 };
  }
  let threads = 0;
  for (const id of system.threadsOf(pid) ?? [pid]) {
    try {
      if (system.getPriority(id) <= own) continue;
      system.setPriority(id, own);
      threads += 1;
    } catch {
      // Refused or ended: that thread keeps its priority.
    }
  }
  // The server's autogroup niceness, 0 where it is in none (the root task group weighs as 0).
  const mine = autogroupOf('self', system)?.niceness;
  if (mine === undefined) return { autogroup: false, threads };
  const target = mine;
  const wanted = () => {
    const group = ownAutogroupOf(pid, system);
    return group !== undefined && group.niceness > target;
  };
  if (!wanted()) return { autogroup: false, threads };
  const writer = options.writer ?? autogroupWriterOf(system);
  const autogroup = await writer.write({
    pid,
    niceness: target,
    stillWanted: wanted,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { autogroup, threads };
}
