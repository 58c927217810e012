import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTOGROUP_RETRY_PAUSE_MAX_MS,
  AUTOGROUP_STARVED_AFTER_MS,
  AUTOGROUP_WRITE_DEADLINE_MS,
  AUTOGROUP_WRITE_INTERVAL_MS,
  AutogroupWriter,
} from './autogroup-writer.js';

const again = () => Object.assign(new Error('Resource temporarily unavailable'), { code: 'EAGAIN' });

/** A kernel that takes one autogroup write per `intervalMs`, machine-wide, like Linux without CAP_SYS_ADMIN. */
function rateLimitedKernel(intervalMs: number) {
  let next = 0;
  const taken: { pid: number; niceness: number; at: number }[] = [];
  let refused = 0;
  return {
    taken,
    refusedCount: () => refused,
    write(pid: number, niceness: number): void {
      const now = Date.now();
      if (now < next) {
        refused += 1;
        throw again();
      }
      next = now + intervalMs;
      taken.push({ pid, niceness, at: now });
    },
  };
}

describe('AutogroupWriter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("should wait out Linux's 100 ms limit, retry in short pauses and give up with the start window", () => {
    expect(AUTOGROUP_WRITE_INTERVAL_MS).toBe(100);
    expect(AUTOGROUP_RETRY_PAUSE_MAX_MS).toBeLessThan(AUTOGROUP_WRITE_INTERVAL_MS / 2);
    expect(AUTOGROUP_WRITE_DEADLINE_MS).toBe(30_000);
  });

  it("should get its write taken within a few windows while another process's writer has a long queue", async () => {
    // Two processes (two writers) share the kernel's one write per 100 ms. With retries on a fixed
    // cadence, the writer with the queue took every window until its queue was done.
    vi.useFakeTimers();
    const kernel = rateLimitedKernel(AUTOGROUP_WRITE_INTERVAL_MS);
    const write = (pid: number, niceness: number) => kernel.write(pid, niceness);
    const busy = new AutogroupWriter(write);
    const queue = Array.from({ length: 40 }, (_, i) => busy.write({ pid: 1000 + i, niceness: 10 }));
    await vi.advanceTimersByTimeAsync(5);
    const lone = new AutogroupWriter(write).write({ pid: 1, niceness: 10 });
    await vi.advanceTimersByTimeAsync(41 * AUTOGROUP_WRITE_INTERVAL_MS * 2);
    expect(await lone).toBe(true);
    expect(await Promise.all(queue)).toEqual(queue.map(() => true));
    // A fair draw for each window: the lone write is taken within the first 20 of the 41.
    expect(kernel.taken.findIndex((taken) => taken.pid === 1)).toBeLessThan(20);
    const gaps = kernel.taken.slice(1).map((taken, i) => taken.at - (kernel.taken[i]?.at ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(AUTOGROUP_WRITE_INTERVAL_MS);
  });

  it('should give single tries while another process keeps the window shut, and retry again once a write is taken', async () => {
    // A writer with CAP_SYS_ADMIN is not limited but restarts the window with each write: while it
    // writes often, every try of ours is refused, and retrying would only hold back the queue.
    vi.useFakeTimers();
    let shut = true;
    const tries: number[] = [];
    const writer = new AutogroupWriter((pid) => {
      tries.push(pid);
      if (shut) throw again();
    });
    const first = writer.write({ pid: 1, niceness: 10 });
    await vi.advanceTimersByTimeAsync(AUTOGROUP_STARVED_AFTER_MS + AUTOGROUP_RETRY_PAUSE_MAX_MS);
    // Given up after the streak, long before its own 30 s deadline.
    expect(await first).toBe(false);
    const triesOfFirst = tries.length;
    expect(triesOfFirst).toBeGreaterThan(AUTOGROUP_STARVED_AFTER_MS / AUTOGROUP_RETRY_PAUSE_MAX_MS);
    // While the streak lasts, each request is tried once and answered at once.
    const queued = [2, 3, 4].map((pid) => writer.write({ pid, niceness: 10 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(await Promise.all(queued)).toEqual([false, false, false]);
    expect(tries.slice(triesOfFirst)).toEqual([2, 3, 4]);
    // The window opens again: taken, and the streak is over.
    shut = false;
    expect(await writer.write({ pid: 5, niceness: 10 })).toBe(true);
    shut = true;
    const later = writer.write({ pid: 6, niceness: 10 });
    await vi.advanceTimersByTimeAsync(AUTOGROUP_WRITE_INTERVAL_MS + 300);
    shut = false;
    await vi.advanceTimersByTimeAsync(AUTOGROUP_RETRY_PAUSE_MAX_MS + 1);
    expect(await later).toBe(true);
    expect(tries.filter((pid) => pid === 6).length).toBeGreaterThan(2);
  });

  it('should start a new refusal streak after a quiet second, so a lone request after a pause is retried', async () => {
    vi.useFakeTimers();
    let shut = true;
    let tries = 0;
    const writer = new AutogroupWriter(
      () => {
        tries += 1;
        if (shut) throw again();
      },
      { starvedAfterMs: 200 },
    );
    const starved = writer.write({ pid: 1, niceness: 10 });
    await vi.advanceTimersByTimeAsync(300);
    expect(await starved).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    tries = 0;
    const after = writer.write({ pid: 2, niceness: 10 });
    await vi.advanceTimersByTimeAsync(100);
    shut = false;
    await vi.advanceTimersByTimeAsync(AUTOGROUP_RETRY_PAUSE_MAX_MS + 1);
    expect(await after).toBe(true);
    expect(tries).toBeGreaterThan(2);
  });

  it('should not try again before its own last write is an interval old', async () => {
    const kernel = rateLimitedKernel(30);
    const writer = new AutogroupWriter((pid, niceness) => kernel.write(pid, niceness), {
      intervalMs: 30,
      retryPauseMaxMs: 5,
    });
    await Promise.all([1, 2, 3].map((pid) => writer.write({ pid, niceness: 10 })));
    expect(kernel.taken.map((taken) => taken.pid)).toEqual([1, 2, 3]);
    expect(kernel.refusedCount()).toBe(0);
  });

  it('should get every write of a burst taken by a rate-limited kernel, in the order asked', async () => {
    const kernel = rateLimitedKernel(20);
    const writer = new AutogroupWriter((pid, niceness) => kernel.write(pid, niceness), {
      intervalMs: 10,
      retryPauseMaxMs: 5,
    });
    const pids = Array.from({ length: 8 }, (_, i) => 1000 + i);
    const outcomes = await Promise.all(pids.map((pid) => writer.write({ pid, niceness: 10 })));
    expect(outcomes).toEqual(pids.map(() => true));
    expect(kernel.taken.map((write) => write.pid)).toEqual(pids);
    expect(kernel.refusedCount()).toBeGreaterThan(0);
  });

  it('should give up on a write still refused at its deadline, and go on with the next', async () => {
    let calls = 0;
    const writer = new AutogroupWriter(
      (pid) => {
        calls += 1;
        if (pid === 1) throw again();
      },
      { retryPauseMaxMs: 5, deadlineMs: 40 },
    );
    const stuck = writer.write({ pid: 1, niceness: 10 });
    const next = writer.write({ pid: 2, niceness: 10 });
    expect(await stuck).toBe(false);
    expect(await next).toBe(true);
    expect(calls).toBeGreaterThan(2);
  });

  it('should end a request at once on any failure but EAGAIN (gone, read-only, refused)', async () => {
    for (const code of ['ESRCH', 'ENOENT', 'EROFS', 'EACCES', undefined]) {
      let calls = 0;
      const writer = new AutogroupWriter(() => {
        calls += 1;
        throw Object.assign(new Error('no'), { code });
      });
      expect(await writer.write({ pid: 1, niceness: 10 })).toBe(false);
      expect(calls).toBe(1);
    }
  });

  it('should not write when the write is no longer wanted, nor after its signal aborted', async () => {
    const written: number[] = [];
    let refusals = 1;
    const writer = new AutogroupWriter(
      (pid) => {
        if (refusals-- > 0) throw again();
        written.push(pid);
      },
      { retryPauseMaxMs: 5 },
    );
    let wanted = true;
    const first = writer.write({ pid: 1, niceness: 10, stillWanted: () => wanted });
    wanted = false;
    expect(await first).toBe(false);
    const aborted = new AbortController();
    aborted.abort();
    expect(await writer.write({ pid: 2, niceness: 10, signal: aborted.signal })).toBe(false);
    expect(await writer.write({ pid: 3, niceness: 10, stillWanted: () => true })).toBe(true);
    expect(written).toEqual([3]);
  });

  it('should never reject, even when stillWanted throws', async () => {
    const writer = new AutogroupWriter(() => undefined);
    const outcome = writer.write({
      pid: 1,
      niceness: 10,
      stillWanted: () => {
        throw new Error('unreadable');
      },
    });
    await expect(outcome).resolves.toBe(false);
  });
});
