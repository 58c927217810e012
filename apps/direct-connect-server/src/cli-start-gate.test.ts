import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLI_START_WINDOW_MS, CliStartGate, DEFAULT_FULL_PRIORITY_CLI_STARTS } from './cli-start-gate.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('CliStartGate', () => {
  it('should let one start per core keep full priority by default', () => {
    expect(DEFAULT_FULL_PRIORITY_CLI_STARTS).toBeGreaterThanOrEqual(1);
    const gate = new CliStartGate();
    const tickets = Array.from({ length: DEFAULT_FULL_PRIORITY_CLI_STARTS + 1 }, () => gate.begin());
    expect(tickets.map((t) => t.atFullPriority)).toEqual([
      ...Array.from({ length: DEFAULT_FULL_PRIORITY_CLI_STARTS }, () => true),
      false,
    ]);
    for (const t of tickets) t.end();
  });

  it('should give full priority to the first starts in order and lower the rest while they run', () => {
    const gate = new CliStartGate(2);
    const [a, b, c, d] = [gate.begin(), gate.begin(), gate.begin(), gate.begin()];
    expect([a, b, c, d].map((t) => t?.atFullPriority)).toEqual([true, true, false, false]);
    expect(gate.starting).toBe(4);
    a?.end();
    c?.end();
    expect(gate.starting).toBe(2);
    expect(gate.begin().atFullPriority).toBe(false);
    b?.end();
    d?.end();
    expect(gate.starting).toBe(1);
    expect(gate.begin().atFullPriority).toBe(true);
  });

  it('should count an ended ticket once, however often it ends', () => {
    const gate = new CliStartGate(1);
    const first = gate.begin();
    const second = gate.begin();
    first.end();
    first.end();
    first.end();
    expect(gate.starting).toBe(1);
    expect(gate.begin().atFullPriority).toBe(false);
    second.end();
  });

  it(`should stop counting a CLI that writes nothing after ${CLI_START_WINDOW_MS} ms`, () => {
    vi.useFakeTimers();
    const gate = new CliStartGate(1);
    const silent = gate.begin();
    expect(gate.begin().atFullPriority).toBe(false);
    vi.advanceTimersByTime(CLI_START_WINDOW_MS - 1);
    expect(gate.starting).toBe(2);
    vi.advanceTimersByTime(1);
    expect(gate.starting).toBe(0);
    expect(gate.begin().atFullPriority).toBe(true);
    // The window already ended the silent one's count: ending it now changes nothing.
    silent.end();
    expect(gate.starting).toBe(1);
  });

  it('should lower every start with a limit of 0, and refuse a limit that is not a whole number', () => {
    expect(new CliStartGate(0).begin().atFullPriority).toBe(false);
    expect(() => new CliStartGate(-1)).toThrow(RangeError);
    expect(() => new CliStartGate(1.5)).toThrow(/1\.5/);
    expect(() => new CliStartGate(Number.NaN)).toThrow(RangeError);
  });
});
