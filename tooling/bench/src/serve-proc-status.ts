/**
 * Memory of one process and of its descendants, from Linux's `/proc`: the `ccsdk serve` process's
 * own resident memory (its CLI children excluded) and, apart, what its CLIs hold.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process as `/proc/<pid>/status` reports it, in KiB. */
export interface ProcMemory {
  /** `VmRSS`: every resident page (anonymous, file-backed and shared). */
  readonly vmRssKiB: number;
  /** `RssAnon`: the private pages the process allocated itself (heap, buffers). */
  readonly rssAnonKiB: number;
}

/**
 * Reads `VmRSS` and `RssAnon` out of the text of a `/proc/<pid>/status` file. A field that is
 * missing (a kernel thread, a zombie) reads as 0.
 */
export function parseProcStatus(text: string): ProcMemory {
  const field = (name: string): number => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text);
    return match?.[1] === undefined ? 0 : Number(match[1]);
  };
  return { vmRssKiB: field('VmRSS'), rssAnonKiB: field('RssAnon') };
}

/**
 * The parent pid out of the text of a `/proc/<pid>/stat` file, or `undefined` when the text is not
 * one. The command name (second field) is in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last `)`.
 */
export function parseStatParentPid(text: string): number | undefined {
  const end = text.lastIndexOf(')');
  if (end === -1) return undefined;
  const fields = text
    .slice(end + 1)
    .trim()
    .split(/\s+/);
  // After the name: state, then ppid.
  const parent = Number(fields[1]);
  return Number.isInteger(parent) && parent >= 0 ? parent : undefined;
}

/** The memory of process `pid` now, or `undefined` when it is gone (or `/proc` is not there). */
export function readProcMemory(pid: number): ProcMemory | undefined {
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'latin1'));
  } catch {
    return undefined;
  }
}

/** Every live descendant of `root` (children, their children, ...), from one pass over `/proc`. */
export function descendantPids(root: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let parent: number | undefined;
    try {
      parent = parseStatParentPid(readFileSync(`/proc/${entry}/stat`, 'latin1'));
    } catch {
      continue; // ended while we looked
    }
    if (parent === undefined) continue;
    const list = children.get(parent) ?? [];
    list.push(Number(entry));
    children.set(parent, list);
  }
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Resident memory of every live descendant of `root`, summed, and how many there were. */
export interface DescendantsMemory extends ProcMemory {
  readonly processes: number;
}

/** Sums the memory of every live descendant of `root` (its CLIs and what they started). */
export function descendantsMemory(root: number): DescendantsMemory {
  let vmRssKiB = 0;
  let rssAnonKiB = 0;
  let processes = 0;
  for (const pid of descendantPids(root)) {
    const memory = readProcMemory(pid);
    if (memory === undefined || memory.vmRssKiB === 0) continue;
    processes += 1;
    vmRssKiB += memory.vmRssKiB;
    rssAnonKiB += memory.rssAnonKiB;
  }
  return { processes, vmRssKiB, rssAnonKiB };
}

/** `MemAvailable` out of the text of `/proc/meminfo`, in KiB, or `undefined` when it is not there. */
export function parseMemAvailable(text: string): number | undefined {
  const match = /^MemAvailable:\s+(\d+)\s+kB/m.exec(text);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** The machine's available memory now, in KiB (`Infinity` where `/proc/meminfo` is not there). */
export function memAvailableKiB(): number {
  try {
    return parseMemAvailable(readFileSync('/proc/meminfo', 'latin1')) ?? Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
