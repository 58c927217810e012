import { type FakeCliLink, fakeLinkFactory } from '../../test/fake-cli-link.js';
import type { LogEntry } from '../logger.js';
import { WarmPool, type WarmPoolClock } from './warm-pool.js';

/** A clock whose time moves only when the test says so. */
export class ManualClock implements WarmPoolClock {
  #now = 0;
  readonly #timers = new Set<{ at: number; callback: () => void }>();

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const timer = { at: this.#now + ms, callback };
    this.#timers.add(timer);
    return timer;
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as { at: number; callback: () => void });
  }

  /** Moves time on by `ms`, firing every timer that falls due, in order. */
  advance(ms: number): void {
    const until = this.#now + ms;
    for (;;) {
      const due = [...this.#timers].filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.#timers.delete(due);
      this.#now = due.at;
      due.callback();
    }
    this.#now = until;
  }
}

/** A pool over fake links and a manual clock, with what it logged and which parking folders it removed. */
export function testPool(options: { size?: number; maxAgeMs?: number } = {}) {
  const { factory, links } = fakeLinkFactory();
  const clock = new ManualClock();
  const logged: LogEntry[] = [];
  const removed: string[] = [];
  let folders = 0;
  const pool = new WarmPool({
    size: options.size ?? 2,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    createLink: factory,
    maxLineBytes: 1 << 20,
    log: (entry) => logged.push(entry),
    clock,
    makeParkingDir: async () => `/parking/spare-${++folders}`,
    removeParkingDir: async (dir) => {
      removed.push(dir);
    },
  });
  return { pool, links, clock, logged, removed };
}

/** Lets the pool's async spawns (parking folder, start) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Plays every started, not yet ready spare writing its first line. */
export function makeReady(links: readonly FakeCliLink[]): void {
  for (const link of links)
    if (link.started && !link.exited) link.emit('{"type":"system","subtype":"ui_invalidate"}');
}
