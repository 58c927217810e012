import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { autogroupsWritable } from '../test/autogroup-probe.js';
import { anyTaken, describeAttempts, recordingPrioritySystem } from '../test/recording-priority-system.js';
import { AutogroupWriter } from './autogroup-writer.js';
import {
  CLI_NICENESS,
  lowerCliPriority,
  nodePrioritySystem,
  type PrioritySystem,
  startLowered,
} from './cli-start-priority.js';

/** A scheduler held in maps, recording every write. */
function fakeSystem(state: {
  autogroups: Record<string, string | undefined>;
  threads?: Record<number, number[] | undefined>;
  priorities: Record<number, number>;
  refuse?: (id: number) => boolean;
}): PrioritySystem & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    readAutogroup: (pid) => state.autogroups[String(pid)],
    writeAutogroup: (pid, niceness) => {
      writes.push(`autogroup ${pid}=${niceness}`);
    },
    threadsOf: (pid) => state.threads?.[pid],
    getPriority: (id) => {
      const value = state.priorities[id];
      if (value === undefined) throw Object.assign(new Error('no such process'), { code: 'ESRCH' });
      return value;
    },
    setPriority: (id, niceness) => {
      if (state.refuse?.(id)) throw Object.assign(new Error('refused'), { code: 'EACCES' });
      writes.push(`thread ${id}=${niceness}`);
      state.priorities[id] = niceness;
    },
  };
}

/** The kernel's answer to an autogroup write its rate limit refuses. */
function eagain(): Error {
  return Object.assign(new Error('try again'), { code: 'EAGAIN' });
}

/** A fake system with one CLI, `pid`, in an autogroup of its own, one thread, all at niceness 0. */
function oneCliSystem(pid: number) {
  return fakeSystem({
    autogroups: { self: '/autogroup-7 nice 0', [String(pid)]: `/autogroup-${pid + 8} nice 0` },
    threads: { [pid]: [pid] },
    priorities: { [pid]: 0 },
  });
}

/** A writer whose every write the rate limit refuses, retried after pauses of up to `retryPauseMaxMs`. */
function refusingWriter(retryPauseMaxMs: number): AutogroupWriter {
  return new AutogroupWriter(
    () => {
      throw eagain();
    },
    { retryPauseMaxMs },
  );
}

describe('lowerCliPriority', () => {
  it('should be 10 by default: lower than the server, not the lowest there is', () => {
    expect(CLI_NICENESS).toBe(10);
  });

  it("should raise the niceness of a CLI's own autogroup and of each of its threads", async () => {
    const system = fakeSystem({
      autogroups: { self: '/autogroup-7 nice 0\n', '100': '/autogroup-9 nice 0\n' },
      threads: { 100: [100, 101, 102] },
      priorities: { 100: 0, 101: 0, 102: 0 },
    });
    expect(await lowerCliPriority(100, 10, { system })).toEqual({
      autogroup: true,
      autogroupWanted: true,
      threads: 3,
    });
    expect(system.writes).toEqual(['thread 100=10', 'thread 101=10', 'thread 102=10', 'autogroup 100=10']);
  });

  it('should never write the autogroup the server itself is in (a CLI that is not a session leader)', async () => {
    const system = fakeSystem({
      autogroups: { self: '/autogroup-7 nice 0', '100': '/autogroup-7 nice 0' },
      threads: { 100: [100] },
      priorities: { 100: 0 },
    });
    expect(await lowerCliPriority(100, 10, { system })).toEqual({
      autogroup: false,
      autogroupWanted: false,
      threads: 1,
    });
    expect(system.writes).toEqual(['thread 100=10']);
  });

  // What CI showed: a server started by a process that never called `setsid` (a CI runner, a
  // container's first process) is in no autogroup, and Linux shows it an empty file. Its detached
  // CLIs still lead autogroups of their own, which the scheduler weighs against the server.
  it('should lower the autogroup of a detached CLI when the server itself is in no autogroup (empty file)', async () => {
    const system = fakeSystem({
      autogroups: { self: '', '100': '/autogroup-9 nice 0\n' },
      threads: { 100: [100] },
      priorities: { 100: 0 },
    });
    expect(await lowerCliPriority(100, 10, { system })).toEqual({
      autogroup: true,
      autogroupWanted: true,
      threads: 1,
    });
    expect(system.writes).toEqual(['thread 100=10', 'autogroup 100=10']);
  });

  it('should write no autogroup when neither the server nor the CLI is in one, or the CLI is not and the server is', async () => {
    for (const autogroups of [
      { self: '', '100': '' },
      { self: '\n', '100': ' \n' },
      { self: '/autogroup-7 nice 0', '100': '' },
      { self: undefined, '100': '/autogroup-9 nice 0' },
    ]) {
      const system = fakeSystem({ autogroups, threads: { 100: [100] }, priorities: { 100: 0 } });
      expect(await lowerCliPriority(100, 10, { system }), JSON.stringify(autogroups)).toEqual({
        autogroup: false,
        autogroupWanted: false,
        threads: 1,
      });
      expect(system.writes).toEqual(['thread 100=10']);
    }
  });

  it('should never raise a priority: an autogroup or thread already nicer keeps its value', async () => {
    const system = fakeSystem({
      autogroups: { self: '/autogroup-7 nice 0', '100': '/autogroup-9 nice 15' },
      threads: { 100: [100, 101] },
      priorities: { 100: 19, 101: 5 },
    });
    expect(await lowerCliPriority(100, 10, { system })).toEqual({
      autogroup: false,
      autogroupWanted: false,
      threads: 1,
    });
    expect(system.writes).toEqual(['thread 101=10']);
  });

  it('should set the process itself where there are no autogroups and threads cannot be listed (macOS)', async () => {
    const system = fakeSystem({ autogroups: {}, priorities: { 100: 0 } });
    expect(await lowerCliPriority(100, 10, { system })).toEqual({
      autogroup: false,
      autogroupWanted: false,
      threads: 1,
    });
    expect(system.writes).toEqual(['thread 100=10']);
  });

  it('should not throw for a CLI that already exited, a refused thread or an unreadable autogroup line', async () => {
    const gone = fakeSystem({ autogroups: { self: '/autogroup-7 nice 0' }, priorities: {} });
    expect(await lowerCliPriority(100, 10, { system: gone })).toEqual({
      autogroup: false,
      autogroupWanted: false,
      threads: 0,
    });
    const refusing = fakeSystem({
      autogroups: { self: '/autogroup-7 nice 0', '100': 'garbage\u0000 nice x' },
      threads: { 100: [100, 101] },
      priorities: { 100: 0, 101: 0 },
      refuse: (id) => id === 100,
    });
    expect(await lowerCliPriority(100, 10, { system: refusing })).toEqual({
      autogroup: false,
      autogroupWanted: false,
      threads: 1,
    });
    expect(refusing.writes).toEqual(['thread 101=10']);
    const failingWrite: PrioritySystem = {
      ...fakeSystem({
        autogroups: { self: '/autogroup-7 nice 0', '100': '/autogroup-9 nice 0' },
        priorities: { 100: 0 },
      }),
      writeAutogroup: () => {
        throw Object.assign(new Error('read-only'), { code: 'EROFS' });
      },
    };
    expect(await lowerCliPriority(100, 10, { system: failingWrite })).toEqual({
      autogroup: false,
      autogroupWanted: true,
      threads: 1,
    });
  });

  it("should wait for an autogroup write the kernel's rate limit refuses, the threads lowered at once", async () => {
    const system = oneCliSystem(100);
    let refusals = 3;
    const writer = new AutogroupWriter(
      (pid, niceness) => {
        if (refusals-- > 0) throw eagain();
        system.writeAutogroup(pid, niceness);
      },
      { retryPauseMaxMs: 5 },
    );
    const outcome = lowerCliPriority(100, 10, { system, writer });
    expect(system.writes).toEqual(['thread 100=10']);
    expect(await outcome).toEqual({ autogroup: true, autogroupWanted: true, threads: 1 });
    expect(system.writes).toEqual(['thread 100=10', 'autogroup 100=10']);
  });

  it('should drop a waiting autogroup write when its process is gone (signal aborted)', async () => {
    const system = oneCliSystem(100);
    const writer = refusingWriter(60_000);
    const gone = new AbortController();
    const outcome = lowerCliPriority(100, 10, { system, writer, signal: gone.signal });
    gone.abort();
    expect(await outcome).toEqual({ autogroup: false, autogroupWanted: true, threads: 1 });
  });
});

describe('startLowered', () => {
  it('should pace a burst of starts by the autogroup rate limit: each CLI lowered before the next starts', async () => {
    const events: string[] = [];
    let next = 0;
    const system = fakeSystem({
      autogroups: {
        self: '/autogroup-7 nice 0',
        '1': '/autogroup-8 nice 0',
        '2': '/autogroup-9 nice 0',
        '3': '/autogroup-10 nice 0',
      },
      threads: { 1: [1], 2: [2], 3: [3] },
      priorities: { 1: 0, 2: 0, 3: 0 },
    });
    const writer = new AutogroupWriter(
      (pid, niceness) => {
        if (Date.now() < next) throw eagain();
        next = Date.now() + 20;
        events.push(`lowered ${pid} to ${niceness}`);
      },
      { intervalMs: 22 },
    );
    const starts = [1, 2, 3].map((pid) =>
      startLowered(
        async () => {
          events.push(`started ${pid}`);
          return pid;
        },
        10,
        { system, writer },
      ),
    );
    const outcomes = await Promise.all(starts);
    expect(outcomes.map((outcome) => outcome?.autogroup)).toEqual([true, true, true]);
    expect(events).toEqual([
      'started 1',
      'lowered 1 to 10',
      'started 2',
      'lowered 2 to 10',
      'started 3',
      'lowered 3 to 10',
    ]);
  });

  it('should let a start go on when its write is still refused at the hold, and reject as the start does', async () => {
    const system = oneCliSystem(1);
    const writer = refusingWriter(5);
    const held = await startLowered(async () => 1, 10, { system, writer, deadlineMs: 30 });
    expect(held).toEqual({ autogroup: false, autogroupWanted: true, threads: 1 });
    await expect(
      startLowered(
        async () => {
          throw new Error('spawn failed');
        },
        10,
        { system, writer },
      ),
    ).rejects.toThrow('spawn failed');
    // The writer goes on after a failed start.
    expect(await startLowered(async () => undefined, 10, { system, writer })).toBeUndefined();
  });
});

/** How long the machine tests let a real autogroup write wait for the kernel's rate limit, in ms. */
const MACHINE_WRITE_DEADLINE_MS = 10_000;
const hasAutogroups = existsSync('/proc/self/autogroup');

describe('lowerCliPriority on this machine', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  async function spawnSleeper(detached: boolean): Promise<number> {
    child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { detached, stdio: 'ignore' });
    await new Promise((resolve, reject) => child?.once('spawn', resolve).once('error', reject));
    const pid = child.pid;
    if (pid === undefined) throw new Error('no pid');
    return pid;
  }

  // The autogroup write may wait for the kernel's machine-wide rate limit while other processes
  // on this machine write too (a CI's other suites); how long is not this test's to decide, so it
  // gives the write a bounded time and asserts what the server did and reported, whichever way
  // the kernel answered.
  it.skipIf(process.platform === 'win32')(
    'should lower every thread of a real process, and its own autogroup where Linux has them',
    { timeout: MACHINE_WRITE_DEADLINE_MS + 20_000 },
    async () => {
      const pid = await spawnSleeper(true);
      const serverBefore = getPriority();
      const { system, attempts } = recordingPrioritySystem();
      const outcome = await lowerCliPriority(pid, CLI_NICENESS, {
        system,
        deadlineMs: MACHINE_WRITE_DEADLINE_MS,
      });
      expect(getPriority(pid)).toBe(Math.max(CLI_NICENESS, serverBefore));
      const threads = nodePrioritySystem.threadsOf(pid) ?? [pid];
      for (const tid of threads) expect(getPriority(tid)).toBe(Math.max(CLI_NICENESS, serverBefore));
      expect(getPriority()).toBe(serverBefore);
      const said = describeAttempts(attempts);
      if (!hasAutogroups) {
        expect(outcome, said).toMatchObject({ autogroup: false, autogroupWanted: false });
        expect(attempts, said).toEqual([]);
        return;
      }
      // A detached process leads an autogroup of its own at niceness 0: the write is wanted, and
      // every write asked is that process's, at the CLI's niceness.
      expect(outcome.autogroupWanted, said).toBe(true);
      expect(attempts.length, said).toBeGreaterThan(0);
      for (const attempt of attempts) expect(attempt, said).toMatchObject({ pid, niceness: CLI_NICENESS });
      // The outcome says what the kernel did, and the process shows it.
      expect(outcome.autogroup, said).toBe(anyTaken(attempts));
      const line = readFileSync(`/proc/${pid}/autogroup`, 'utf8');
      if (outcome.autogroup) {
        expect(line, said).toMatch(/ nice 10\b/);
        expect(attempts.at(-1)?.answer, said).toBe('taken');
        return;
      }
      expect(line, said).toMatch(/ nice 0\b/);
      if (await autogroupsWritable()) {
        // Writable here, so only the rate limit held by other writers may have refused it, retried
        // to the deadline; a single refusal would mean the writer gave up too early.
        expect(
          attempts.every((attempt) => attempt.answer === 'EAGAIN'),
          said,
        ).toBe(true);
        expect(attempts.length, said).toBeGreaterThan(1);
      } else {
        // Refused for good (a read-only /proc, no privilege): asked once, not retried.
        expect(attempts.length, said).toBe(1);
        expect(attempts[0]?.answer, said).not.toBe('EAGAIN');
      }
    },
  );

  it.skipIf(!hasAutogroups)(
    "should leave the server's autogroup alone for a child that shares it",
    async () => {
      const before = readFileSync('/proc/self/autogroup', 'utf8');
      const pid = await spawnSleeper(false);
      const { system, attempts } = recordingPrioritySystem();
      expect((await lowerCliPriority(pid, CLI_NICENESS, { system })).autogroup).toBe(false);
      expect(attempts).toEqual([]);
      expect(readFileSync('/proc/self/autogroup', 'utf8')).toBe(before);
    },
  );
});
