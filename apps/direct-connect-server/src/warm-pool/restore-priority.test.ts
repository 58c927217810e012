import { describe, expect, it } from 'vitest';
import { AutogroupWriter } from '../autogroup-writer.js';
import type { PrioritySystem } from '../cli-start-priority.js';
import { restoreCliPriority } from './restore-priority.js';

function system(state: { refuse?: boolean; childGroup?: string; serverGroup?: string }): PrioritySystem & {
  nice: Map<number, number>;
  groups: Map<number, number>;
} {
  const nice = new Map([
    [process.pid, 0],
    [700, 10],
    [701, 10],
  ]);
  const groups = new Map<number, number>();
  return {
    nice,
    groups,
    readAutogroup: (pid) =>
      pid === 'self'
        ? (state.serverGroup ?? '/autogroup-1 nice 0')
        : (state.childGroup ?? '/autogroup-2 nice 10'),
    writeAutogroup: (pid, value) => {
      if (state.refuse) throw new Error('EACCES');
      groups.set(pid, value);
    },
    threadsOf: () => [700, 701],
    getPriority: (id) => nice.get(id) ?? 0,
    setPriority: (id, value) => {
      if (state.refuse) throw new Error('EACCES');
      nice.set(id, value);
    },
  };
}

describe('restoreCliPriority', () => {
  it("should give the spare's autogroup and threads the server's niceness", async () => {
    const s = system({});
    expect(await restoreCliPriority(700, { system: s })).toEqual({ autogroup: true, threads: 2 });
    expect(s.groups.get(700)).toBe(0);
    expect([s.nice.get(700), s.nice.get(701)]).toEqual([0, 0]);
  });

  it("should give the spare's autogroup niceness 0 when the server is in no autogroup (the root group weighs as 0)", async () => {
    const s = system({ serverGroup: '' });
    expect(await restoreCliPriority(700, { system: s })).toEqual({ autogroup: true, threads: 2 });
    expect(s.groups.get(700)).toBe(0);
  });

  it('should leave the priority as it is, without throwing, where the system refuses', async () => {
    const s = system({ refuse: true });
    expect(await restoreCliPriority(700, { system: s })).toEqual({ autogroup: false, threads: 0 });
    expect(s.nice.get(700)).toBe(10);
  });

  it("should not touch an autogroup that is the server's own", async () => {
    const s = system({ childGroup: '/autogroup-1 nice 0' });
    expect(await restoreCliPriority(700, { system: s })).toEqual({ autogroup: false, threads: 2 });
    expect(s.groups.size).toBe(0);
  });

  it("should retry an autogroup write the kernel's rate limit refuses, after a lowering still waiting", async () => {
    const s = system({});
    const writes: string[] = [];
    let refusals = 2;
    const writer = new AutogroupWriter(
      (pid, value) => {
        if (refusals-- > 0) throw Object.assign(new Error('busy'), { code: 'EAGAIN' });
        writes.push(`${pid}=${value}`);
      },
      { retryPauseMaxMs: 5 },
    );
    const lowered = writer.write({ pid: 700, niceness: 10 });
    const restored = await restoreCliPriority(700, { system: s, writer });
    expect(await lowered).toBe(true);
    expect(restored).toEqual({ autogroup: true, threads: 2 });
    expect(writes).toEqual(['700=10', '700=0']);
  });
});
