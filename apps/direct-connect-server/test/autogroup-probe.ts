import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Whether this machine lets a process raise the niceness of a child's scheduler autogroup:
 * Linux with autogroups, and a `/proc` that takes the write (a container or a hardened kernel may
 * refuse it). Found by doing it to a detached sleeper, so the tests expect an autogroup change
 * exactly where the server could make one, and expect none (reported as such) elsewhere. Without
 * `CAP_SYS_ADMIN`, Linux takes one such write per 100 ms machine-wide and refuses the others with
 * `EAGAIN` (tests running beside this one write too). The kernel checks that limit only after the
 * permission checks, so `EAGAIN` already says the machine is writable: the probe answers yes at
 * once instead of racing every other writer for a window.
 */
export async function autogroupsWritable(): Promise<boolean> {
  if (!existsSync('/proc/self/autogroup')) return false;
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], {
    detached: true,
    stdio: 'ignore',
  });
  try {
    await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
    try {
      writeFileSync(`/proc/${child.pid}/autogroup`, '7');
      return / nice 7\b/.test(readFileSync(`/proc/${child.pid}/autogroup`, 'utf8'));
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EAGAIN';
    }
  } catch {
    return false;
  } finally {
    child.kill('SIGKILL');
  }
}
