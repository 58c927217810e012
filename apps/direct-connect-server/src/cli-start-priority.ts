import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { type AutogroupWriteRequest, AutogroupWriter } from './autogroup-writer.js';

/**
 * Scheduling niceness given to a Claude Code process started while many others are still
 * starting (see `CliStartGate`): 10 (0 is the default, 19 the lowest priority). Each CLI loads a
 * ~400 MB binary and its JavaScript, so a burst of them uses every core for seconds; at equal
 * priority the server's own event loop gets a share as small as one CLI's, and `POST /sessions`
 * answers and WebSocket upgrades wait (measured: 50 sessions on 2 cores, an upgrade waited 18 s
 * at the median). At 10 a CLI weighs about a ninth of the server (scheduler weights 110 and
 * 1024), so the control plane is served first; on an idle machine niceness changes nothing.
 */
export const CLI_NICENESS = 10;

/**
 * The operating-system calls the server makes to lower and restore a CLI's CPU priority
 * (`subprocessCliLinkFactory`'s `prioritySystem`); tests pass fakes or a recording wrapper of
 * {@link nodePrioritySystem}.
 */
export interface PrioritySystem {
  /** `/proc/<pid>/autogroup` of a process (`/autogroup-<n> nice <k>`), or `undefined` where there is none. */
  readAutogroup(pid: number | 'self'): string | undefined;
  /** Writes a niceness to `/proc/<pid>/autogroup`. */
  writeAutogroup(pid: number, niceness: number): void;
  /** Thread ids of a process (`/proc/<pid>/task`), or `undefined` where they cannot be listed. */
  threadsOf(pid: number): number[] | undefined;
  /** The niceness of a thread or process (`os.getPriority`). */
  getPriority(id: number): number;
  /** Sets the niceness of a thread or process (`os.setPriority`); throws where refused. */
  setPriority(id: number, niceness: number): void;
}

/** What {@link lowerCliPriority} changed. */
export interface PriorityOutcome {
  /**
   * True when the process leads its own scheduler autogroup and that group's niceness was raised
   * (possibly after retries: see {@link AutogroupWriter}).
   */
  readonly autogroup: boolean;
  /**
   * True when the process leads an autogroup of its own that was less nice than asked: the write
   * was wanted, whether or not it was taken.
   */
  readonly autogroupWanted: boolean;
  /** How many of its threads (or the process, where threads cannot be listed) got the niceness. */
  readonly threads: number;
}

/** Where {@link lowerCliPriority} and `restoreCliPriority` act; tests pass fakes. */
export interface PriorityChangeOptions {
  /** Default {@link nodePrioritySystem}. */
  readonly system?: PrioritySystem;
  /** Default the one writer of `system` ({@link autogroupWriterOf}). */
  readonly writer?: AutogroupWriter;
  /** Aborted when the process is gone: a write still waiting for the kernel is dropped. */
  readonly signal?: AbortSignal;
  /** How long a refused autogroup write is retried; default `AUTOGROUP_WRITE_DEADLINE_MS`. */
  readonly deadlineMs?: number;
}

/**
 * Lowers the CPU priority of a started CLI to `niceness`, best effort, never raising it (a
 * process already nicer keeps its value) and never failing: a process that has already exited,
 * or a platform that refuses, leaves it as it was.
 *
 * Two knobs, because either may be the one that counts:
 * - Linux with `sched_autogroup` (most desktops and CI VMs): the CLI is spawned detached, so it
 *   leads a new session and therefore its own autogroup, and the scheduler shares CPU between
 *   autogroups before it looks at a thread's niceness: only the autogroup's niceness
 *   (`/proc/<pid>/autogroup`) weighs it against the server. It is written only when the CLI's
 *   autogroup is not the server's own, so the server never lowers itself. The kernel takes such
 *   writes at most every 100 ms machine-wide (without `CAP_SYS_ADMIN`), so they go through one
 *   queue that retries ({@link AutogroupWriter}); the returned promise waits for it.
 * - Everywhere: `setPriority` on each thread (Linux niceness is per thread; threads started later
 *   inherit it), or on the process where threads cannot be listed, at once. This is what counts
 *   inside a cgroup (systemd services, containers), where autogroups do not apply.
 */
export async function lowerCliPriority(
  pid: number,
  niceness: number = CLI_NICENESS,
  options: PriorityChangeOptions = {},
): Promise<PriorityOutcome> {
  const system = options.system ?? nodePrioritySystem;
  const threads = lowerThreads(pid, niceness, system);
  const writer = options.writer ?? autogroupWriterOf(system);
  return writer.run((writeNow) => lowerAutogroup(pid, niceness, threads, options, writeNow));
}

/**
 * Starts a CLI that must run lowered (`start` resolves its pid, `undefined` where there is none)
 * and lowers it as {@link lowerCliPriority} does, in one turn of the autogroup writer: a burst of
 * such starts is paced by the kernel's autogroup rate limit (one per
 * `AUTOGROUP_WRITE_INTERVAL_MS` where it applies, none where it does not), so at most one of
 * them runs at full weight at a time instead of every one whose write is still waiting. Rejects
 * as `start` does.
 */
export async function startLowered(
  start: () => Promise<number | undefined>,
  niceness: number = CLI_NICENESS,
  options: PriorityChangeOptions = {},
): Promise<PriorityOutcome | undefined> {
  const writer = options.writer ?? autogroupWriterOf(options.system ?? nodePrioritySystem);
  return writer.run(async (writeNow) => {
    const pid = await start();
    if (pid === undefined) return undefined;
    const threads = lowerThreads(pid, niceness, options.system ?? nodePrioritySystem);
    return lowerAutogroup(pid, niceness, threads, options, writeNow);
  });
}

async function lowerAutogroup(
  pid: number,
  niceness: number,
  threads: number,
  options: PriorityChangeOptions,
  writeNow: (request: AutogroupWriteRequest) => Promise<boolean>,
): Promise<PriorityOutcome> {
  const system = options.system ?? nodePrioritySystem;
  const wanted = () => {
    const group = ownAutogroupOf(pid, system);
    return group !== undefined && group.niceness < niceness;
  };
  if (!wanted()) return { autogroup: false, autogroupWanted: false, threads };
  const autogroup = await writeNow({
    pid,
    niceness,
    stillWanted: wanted,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
  });
  return { autogroup, autogroupWanted: true, threads };
}

/** An autogroup line of `/proc/<pid>/autogroup`: its name and niceness. */
export interface AutogroupLine {
  readonly name: string;
  readonly niceness: number;
}

const AUTOGROUP_LINE = /^(\S+)\s+nice\s+(-?\d+)/;

/** Parses `/autogroup-<n> nice <k>`; `undefined` for anything else. */
export function parseAutogroupLine(text: string | undefined): AutogroupLine | undefined {
  const match = AUTOGROUP_LINE.exec(text ?? '');
  return match === null ? undefined : { name: match[1] as string, niceness: Number(match[2]) };
}

/**
 * Where a process that is in no autogroup is scheduled: the root task group, which weighs as
 * niceness 0. Linux shows such a process an empty `/proc/<pid>/autogroup`: every process whose
 * ancestors never started a session of their own (`setsid`), such as one a container's first
 * process or a CI runner starts directly. A server there still competes with each CLI's own
 * autogroup, so it still lowers them.
 */
export const ROOT_TASK_GROUP: AutogroupLine = { name: '/', niceness: 0 };

/**
 * The autogroup `pid` is scheduled in: its `/proc/<pid>/autogroup` line, {@link ROOT_TASK_GROUP}
 * where the file is there but empty, `undefined` where it cannot be read (no autogroups on this
 * system, the process is gone) or says something else.
 */
export function autogroupOf(pid: number | 'self', system: PrioritySystem): AutogroupLine | undefined {
  let text: string | undefined;
  try {
    text = system.readAutogroup(pid);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  if (text.trim() === '') return ROOT_TASK_GROUP;
  return parseAutogroupLine(text);
}

/**
 * The autogroup of `pid` when it leads one that is not the calling process's own (it started a
 * session of its own), else `undefined`; also `undefined` where autogroups cannot be read. The
 * calling process may itself be in no autogroup ({@link ROOT_TASK_GROUP}).
 */
export function ownAutogroupOf(pid: number, system: PrioritySystem): AutogroupLine | undefined {
  const mine = autogroupOf('self', system);
  const theirs = autogroupOf(pid, system);
  if (mine === undefined || theirs === undefined || theirs === ROOT_TASK_GROUP) return undefined;
  return mine.name === theirs.name ? undefined : theirs;
}

const writers = new WeakMap<PrioritySystem, AutogroupWriter>();

/**
 * The one {@link AutogroupWriter} of a system, made on first use: every server of a process
 * writes through the same queue, as the kernel's rate limit is shared.
 */
export function autogroupWriterOf(system: PrioritySystem): AutogroupWriter {
  let writer = writers.get(system);
  if (writer === undefined) {
    writer = new AutogroupWriter((pid, niceness) => system.writeAutogroup(pid, niceness));
    writers.set(system, writer);
  }
  return writer;
}

function lowerThreads(pid: number, niceness: number, system: PrioritySystem): number {
  let changed = 0;
  for (const id of system.threadsOf(pid) ?? [pid]) {
    try {
      if (system.getPriority(id) >= niceness) continue;
      system.setPriority(id, niceness);
      changed += 1;
    } catch {
      // The thread ended, or the platform refused: it keeps its priority.
    }
  }
  return changed;
}

/** {@link PrioritySystem} over `/proc` and `node:os`. */
export const nodePrioritySystem: PrioritySystem = {
  readAutogroup(pid) {
    try {
      return readFileSync(`/proc/${pid}/autogroup`, 'utf8');
    } catch {
      return undefined;
    }
  },
  writeAutogroup(pid, niceness) {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  },
  threadsOf(pid) {
    try {
      return readdirSync(`/proc/${pid}/task`).map(Number).filter(Number.isInteger);
    } catch {
      return undefined;
    }
  },
  getPriority: (id) => getPriority(id),
  setPriority: (id, niceness) => setPriority(id, niceness),
};
