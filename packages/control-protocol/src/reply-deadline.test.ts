import { afterEach, describe, expect, it, vi } from 'vitest';
import { ControlChannel } from './control-channel.js';
import { createLinkedTransportPair } from './in-memory-transport.js';
import { ReplyDeadline } from './reply-deadline.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A started channel whose requests nobody answers. */
async function silentChannel(): Promise<ControlChannel> {
  const [sdkSide, cliSide] = createLinkedTransportPair();
  cliSide.onmessage = () => {};
  await cliSide.start();
  const channel = new ControlChannel(sdkSide, { onMessage: () => {} });
  await channel.start();
  return channel;
}

const pending = Symbol('pending');
async function state(outcome: Promise<unknown>): Promise<unknown> {
  return Promise.race([outcome, Promise.resolve(pending)]);
}

describe('ReplyDeadline', () => {
  it('should expire after limitMs of counted time, not counting time on hold', async () => {
    vi.useFakeTimers();
    const deadline = new ReplyDeadline(1000, { maxHeldMs: 10_000 });
    const expired = vi.fn();
    deadline.start(expired);
    await vi.advanceTimersByTimeAsync(400);
    deadline.hold();
    await vi.advanceTimersByTimeAsync(5000);
    expect(expired).not.toHaveBeenCalled();
    deadline.release();
    await vi.advanceTimersByTimeAsync(599);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(deadline.heldMs).toBe(5000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should nest holds: the clock runs again only when every hold is released', async () => {
    vi.useFakeTimers();
    const deadline = new ReplyDeadline(100, { maxHeldMs: 10_000 });
    const expired = vi.fn();
    deadline.start(expired);
    deadline.hold();
    deadline.hold();
    deadline.release();
    await vi.advanceTimersByTimeAsync(500);
    expect(expired).not.toHaveBeenCalled();
    deadline.release();
    deadline.release(); // one too many: ignored
    await vi.advanceTimersByTimeAsync(100);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('should count time again once maxHeldMs on hold are spent, even while held', async () => {
    vi.useFakeTimers();
    const deadline = new ReplyDeadline(1000, { maxHeldMs: 3000 });
    const expired = vi.fn();
    deadline.start(expired);
    deadline.hold();
    await vi.advanceTimersByTimeAsync(3000 + 999);
    expect(expired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(expired).toHaveBeenCalledOnce();
    expect(deadline.heldMs).toBe(3000);
  });

  it('should count holds made before the clock starts, and ignore them with no budget', async () => {
    vi.useFakeTimers();
    const held = new ReplyDeadline(100, { maxHeldMs: 1000 });
    held.hold();
    const heldExpired = vi.fn();
    held.start(heldExpired);
    const unbudgeted = new ReplyDeadline(100);
    unbudgeted.hold();
    const unbudgetedExpired = vi.fn();
    unbudgeted.start(unbudgetedExpired);
    await vi.advanceTimersByTimeAsync(100);
    expect(unbudgetedExpired).toHaveBeenCalledOnce();
    expect(heldExpired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(heldExpired).toHaveBeenCalledOnce();
  });

  it('should stop for good when stopped, and serve one request only', async () => {
    vi.useFakeTimers();
    const deadline = new ReplyDeadline(100);
    const expired = vi.fn();
    const stop = deadline.start(expired);
    stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(expired).not.toHaveBeenCalled();
    expect(() => deadline.start(() => {})).toThrow(/one request/);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should refuse a limit out of range and a negative budget', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '10' as unknown as number]) {
      expect(() => new ReplyDeadline(bad)).toThrow(TypeError);
    }
    expect(() => new ReplyDeadline(10, { maxHeldMs: -1 })).toThrow(TypeError);
  });

  it('should bound a channel request in place of timeoutMs, saying how long it was held', async () => {
    vi.useFakeTimers();
    const channel = await silentChannel();
    const deadline = new ReplyDeadline(1000, { maxHeldMs: 60_000 });
    const outcome = channel.request('initialize', {}, { deadline }).catch((e: unknown) => e);
    deadline.hold();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await state(outcome)).toBe(pending);
    deadline.release();
    await vi.advanceTimersByTimeAsync(1000);
    const error = await outcome;
    expect(error).toMatchObject({ code: 'REQUEST_TIMEOUT', subtype: 'initialize' });
    expect((error as Error).message).toContain('within 1000 ms (besides 30000 ms on hold');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should refuse timeoutMs and deadline together, and a deadline of another kind', async () => {
    const channel = await silentChannel();
    await expect(channel.request('x', {}, { timeoutMs: 5, deadline: new ReplyDeadline(5) })).rejects.toThrow(
      /cannot be used together/,
    );
    await expect(
      channel.request('x', {}, { deadline: { limitMs: 5 } as unknown as ReplyDeadline }),
    ).rejects.toThrow(/must be a ReplyDeadline/);
  });
});
