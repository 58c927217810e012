import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** How long the probe retries a write the kernel's rate limit refuses (`EAGAIN`), in ms. */
const PROBE_DEADLINE_MS = 10_000;

/**
 * Whether this machine lets a process raise the niceness of a child's scheduler autogroup:
 * Linux with autogroups, and a `/proc` that takes the write (a container or a hardened kernel may
 * refuse it). Found by doing it to a detached sleeper, so the tests expect an autogroup change
 * exactly where the server could make one, and expect none (reported as such) elsewhere. Without
 * `CAP_SYS_ADMIN`, Linux takes one such write per 100 ms machine-wide and refuses the others with
 * `EAGAIN` (tests running beside this one write too): that is a writable machine, so the probe
 * retries until its write is taken.
 */
export async function autogroupsWritable(): Promise<boolean> {
  if (!existsSync('/proc/self/autogroup')) return false;
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], {
    detached: true,
    stdio: 'ignore',
  });
  try {
    await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
    const deadline = Date.now() + PROBE_DEADLINE_MS;
    for (;;) {
      try {
        writeFileSync(`/proc/${child.pid}/autogroup`, '7');
        return / nice 7\b/.test(readFileSync(`/proc/${child.pid}/autogroup`, 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > deadline) return false;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch {
    return false;
  } finally {
    child.kill('SIGKILL');
  }
}
