import { readdirSync, readFileSync } from 'node:fs';

/**
 * Sends `signal` to every process in the group led by `pgid` (POSIX) or to the process itself
 * (Windows, which has no process groups). Returns false when nothing was there to signal.
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * True while some process of group `pgid` is still running. On Linux a zombie (exited, not yet
 * reaped) does not count: it holds no resources and cannot be signalled away; it is found by
 * reading `/proc/<pid>/stat`. Elsewhere a signal 0 to the group answers.
 */
export function groupHasLiveMembers(pgid: number): boolean {
  if (process.platform === 'win32') return isProcessAlive(pgid);
  if (process.platform !== 'linux') return signalZeroSucceeds(-pgid);
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return signalZeroSucceeds(-pgid);
  }
  for (const entry of entries) {
    const first = entry.charCodeAt(0);
    if (first < 48 || first > 57) continue;
    const stat = readStat(entry);
    if (stat !== undefined && stat.pgrp === pgid && stat.state !== 'Z' && stat.state !== 'X') return true;
  }
  return false;
}

/** True while process `pid` runs (on Linux: exists and is not a zombie). */
export function isProcessAlive(pid: number): boolean {
  if (process.platform === 'linux') {
    const stat = readStat(String(pid));
    if (stat !== undefined) return stat.state !== 'Z' && stat.state !== 'X';
  }
  return signalZeroSucceeds(pid);
}

function signalZeroSucceeds(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readStat(pid: string): { state: string; pgrp: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // Format: pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses.
  const close = text.lastIndexOf(')');
  if (close === -1) return undefined;
  const fields = text.slice(close + 2).split(' ');
  const state = fields[0];
  const pgrp = Number(fields[2]);
  if (state === undefined || !Number.isInteger(pgrp)) return undefined;
  return { state, pgrp };
}
