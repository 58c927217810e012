import { nodePrioritySystem, type PrioritySystem } from '../src/cli-start-priority.js';

/** One autogroup write the server asked the kernel for, and the kernel's answer. */
export interface AutogroupAttempt {
  readonly pid: number;
  readonly niceness: number;
  /** `taken`, or the error code the write failed with (`EAGAIN` for the rate limit). */
  readonly answer: string;
}

/**
 * The real `/proc` and `node:os` system ({@link nodePrioritySystem}) with every autogroup write
 * recorded, so a test on this machine can tell a write the server never asked for from one the
 * kernel's machine-wide rate limit kept refusing while other processes wrote (something no test
 * can control), and says which in its failure message. A new object, so it gets a writer of its
 * own (`autogroupWriterOf`).
 */
export function recordingPrioritySystem(): { system: PrioritySystem; attempts: AutogroupAttempt[] } {
  const attempts: AutogroupAttempt[] = [];
  const system: PrioritySystem = {
    ...nodePrioritySystem,
    writeAutogroup(pid, niceness) {
      try {
        nodePrioritySystem.writeAutogroup(pid, niceness);
      } catch (error) {
        attempts.push({ pid, niceness, answer: (error as NodeJS.ErrnoException).code ?? String(error) });
        throw error;
      }
      attempts.push({ pid, niceness, answer: 'taken' });
    },
  };
  return { system, attempts };
}

/** `3 autogroup writes asked: EAGAIN x2, taken x1`: what a failure message should say. */
export function describeAttempts(attempts: readonly AutogroupAttempt[]): string {
  const counts = new Map<string, number>();
  for (const attempt of attempts) counts.set(attempt.answer, (counts.get(attempt.answer) ?? 0) + 1);
  const answers = [...counts].map(([answer, count]) => `${answer} x${count}`).join(', ');
  return `${attempts.length} autogroup writes asked${answers === '' ? '' : `: ${answers}`}`;
}

/** Whether the kernel took one of the writes. */
export function anyTaken(attempts: readonly AutogroupAttempt[]): boolean {
  return attempts.some((attempt) => attempt.answer === 'taken');
}
