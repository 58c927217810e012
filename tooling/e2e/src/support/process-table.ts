import { readdir, readFile } from 'node:fs/promises';

/** A live process whose environment carries a marker. */
export interface MarkedProcess {
  pid: number;
  command: string;
}

/**
 * Lists live processes (from /proc, the real process table) whose environment contains
 * `needle`, e.g. `CLAUDE_CONFIG_DIR=<a test's own temp dir>`. Children inherit the environment,
 * so this finds the CLI and everything it spawned. Zombies (already exited) are not counted.
 */
export async function findProcessesWithEnv(needle: string): Promise<MarkedProcess[]> {
  const found: MarkedProcess[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    try {
      const environ = await readFile(`/proc/${entry}/environ`, 'latin1');
      if (!environ.split('\0').includes(needle)) continue;
      const status = await readFile(`/proc/${entry}/status`, 'latin1');
      if (/^State:\s+Z/m.test(status)) continue;
      const command = (await readFile(`/proc/${entry}/cmdline`, 'latin1')).replaceAll('\0', ' ').trim();
      found.push({ pid, command });
    } catch {
      // The process ended while we looked, or its files are not readable: not ours.
    }
  }
  return found;
}

/** Polls until no process carries `needle`, or the deadline passes; returns what is left. */
export async function waitForNoProcessesWithEnv(needle: string, timeoutMs: number): Promise<MarkedProcess[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = await findProcessesWithEnv(needle);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
