import { describe, expect, it } from 'vitest';
import { EventRing } from './event-ring.js';

const frame = (seq: number, size = 10) => ({ seq, text: 'x'.repeat(size) });

describe('EventRing', () => {
  it('should keep the last maxEvents frames and give those after a cursor', () => {
    const ring = new EventRing(3, 1_000);
    for (let seq = 1; seq <= 10; seq++) ring.push(frame(seq));
    expect(ring.size).toBe(3);
    expect(ring.firstSeq).toBe(8);
    expect(ring.after(0).map((f) => f.seq)).toEqual([8, 9, 10]);
    expect(ring.after(8).map((f) => f.seq)).toEqual([9, 10]);
    expect(ring.after(10)).toEqual([]);
  });

  it('should let the oldest go past maxChars but always keep the newest', () => {
    const ring = new EventRing(100, 25);
    ring.push(frame(1));
    ring.push(frame(2));
    ring.push(frame(3));
    expect(ring.after(0).map((f) => f.seq)).toEqual([2, 3]);
    ring.push(frame(4, 100));
    expect(ring.after(0).map((f) => f.seq)).toEqual([4]);
  });

  it('should stay correct across many compactions', () => {
    const ring = new EventRing(5, 1_000_000);
    for (let seq = 1; seq <= 1_000; seq++) ring.push(frame(seq));
    expect(ring.after(0).map((f) => f.seq)).toEqual([996, 997, 998, 999, 1000]);
    expect(new EventRing(5, 100).firstSeq).toBeUndefined();
  });
});
