import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitUntil } from './__fixtures__/support.js';
import { detectLibc } from './detect-libc.js';
import { groupHasLiveMembers, isProcessAlive, signalGroup } from './process-group.js';

describe('process groups', () => {
  it('should see a live group, signal all of it, and see it gone', async () => {
    const leader = spawn('sh', ['-c', 'sleep 30 & sleep 30; wait'], { detached: true, stdio: 'ignore' });
    const pgid = leader.pid as number;
    await new Promise((resolve) => leader.once('spawn', resolve));
    expect(isProcessAlive(pgid)).toBe(true);
    expect(groupHasLiveMembers(pgid)).toBe(true);
    expect(signalGroup(pgid, 'SIGKILL')).toBe(true);
    await waitUntil(() => !groupHasLiveMembers(pgid), 5000, 'the group to die');
    expect(isProcessAlive(pgid)).toBe(false);
  });

  it('should report an unknown group and process as not alive', () => {
    expect(groupHasLiveMembers(2 ** 22 + 12345)).toBe(false);
    expect(isProcessAlive(2 ** 22 + 12345)).toBe(false);
    expect(isProcessAlive(process.pid)).toBe(true);
  });
});

describe('detectLibc', () => {
  it('should follow the glibcVersionRuntime field of the diagnostic report', () => {
    const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
    const header = report.header;
    expect(detectLibc()).toBe(header?.glibcVersionRuntime === undefined ? 'musl' : 'glibc');
  });
});
