import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autogroupsWritable } from '../test/autogroup-probe.js';
import { anyTaken, describeAttempts, recordingPrioritySystem } from '../test/recording-priority-system.js';
import { AUTOGROUP_WRITE_DEADLINE_MS } from './autogroup-writer.js';
import type { CliLink } from './cli-link.js';
import { CLI_NICENESS } from './cli-start-priority.js';
import { LOWERED_START_HOLD_MS, subprocessCliLinkFactory } from './subprocess-cli-link.js';

/** A stand-in CLI: for each stdin line it answers with its own niceness and autogroup line. */
const PRIORITY_REPORTER = `
import { readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { createInterface } from 'node:readline';
const autogroup = () => { try { return readFileSync('/proc/self/autogroup', 'utf8').trim(); } catch { return null; } };
createInterface({ input: process.stdin }).on('line', () => {
  process.stdout.write(JSON.stringify({ niceness: getPriority(), autogroup: autogroup() }) + '\\n');
});
`;

let dir: string;
let cli: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ccsdk-cli-link-'));
  cli = join(dir, 'priority-reporter.mjs');
  await writeFile(cli, PRIORITY_REPORTER);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function reportOf(
  link: CliLink,
  start = true,
): Promise<{ niceness: number; autogroup: string | null }> {
  const line = new Promise<Uint8Array>((resolve) => {
    link.onLine = resolve;
  });
  if (start) await link.start();
  await link.sendLine(new TextEncoder().encode('{}'));
  return JSON.parse(new TextDecoder().decode(await line));
}

/**
 * How long a lowered CLI's link keeps trying its autogroup write, in ms: the start's hold, then
 * the write retried behind it to its deadline, and a second of slack.
 */
const WRITER_TRIES_FOR_MS = LOWERED_START_HOLD_MS + AUTOGROUP_WRITE_DEADLINE_MS + 1_000;

function linkWith(start: Parameters<typeof subprocessCliLinkFactory>[1] = {}, path = cli): CliLink {
  return subprocessCliLinkFactory(
    { pathToClaudeCodeExecutable: path, executable: 'node' },
    start,
  )({
    cwd: dir,
    sessionMirror: false,
    maxLineBytes: 1024 * 1024,
  });
}

const hasAutogroups = existsSync('/proc/self/autogroup');

// Each test starts real Node processes: on a loaded machine (a CI's other suites beside it) a start
// can take seconds.
describe.skipIf(process.platform === 'win32')(
  'subprocessCliLinkFactory start priority',
  { timeout: 60_000 },
  () => {
    it("should start a lone CLI at the server's own priority (the single-session path is not slowed)", async () => {
      const link = linkWith();
      try {
        const report = await reportOf(link);
        expect(report.niceness).toBe(getPriority());
        if (hasAutogroups) expect(report.autogroup).toMatch(/ nice 0$/);
      } finally {
        await link.close();
      }
    });

    // The autogroup write may wait for the kernel's machine-wide rate limit while other processes
    // write too (a CI's other suites): the test waits as long as the link's writer tries, then
    // asserts what the link asked for and what the CLI shows, whichever way the kernel answered.
    it(`should lower a CLI that starts while the gate is full to niceness ${CLI_NICENESS}, its autogroup too`, {
      timeout: WRITER_TRIES_FOR_MS + 20_000,
    }, async () => {
      const { system, attempts } = recordingPrioritySystem();
      const link = linkWith({ fullPriorityStarts: 0, prioritySystem: system });
      try {
        const report = await reportOf(link);
        // The threads are lowered as the start returns.
        expect(report.niceness).toBe(Math.max(CLI_NICENESS, getPriority()));
        if (!hasAutogroups) {
          expect(attempts).toEqual([]);
          return;
        }
        const until = Date.now() + WRITER_TRIES_FOR_MS;
        while (!anyTaken(attempts) && Date.now() < until)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const said = describeAttempts(attempts);
        expect(attempts.length, said).toBeGreaterThan(0);
        const [first] = attempts;
        for (const attempt of attempts)
          expect(attempt, said).toMatchObject({ pid: first?.pid, niceness: CLI_NICENESS });
        const after = await reportOf(link, false);
        if (anyTaken(attempts)) {
          expect(after.autogroup, said).toMatch(/ nice 10$/);
        } else if (await autogroupsWritable()) {
          // Writable here: only the rate limit, held by other writers to the end, may have refused it.
          expect(
            attempts.every((attempt) => attempt.answer === 'EAGAIN'),
            said,
          ).toBe(true);
          expect(after.autogroup, said).toMatch(/ nice 0$/);
        } else {
          expect(
            attempts.some((attempt) => attempt.answer === 'EAGAIN'),
            said,
          ).toBe(false);
          expect(after.autogroup, said).toMatch(/ nice 0$/);
        }
      } finally {
        await link.close();
      }
    });

    it("should share one count among a factory's links: full again once the first has written a line", async () => {
      const factory = subprocessCliLinkFactory(
        { pathToClaudeCodeExecutable: cli, executable: 'node' },
        { fullPriorityStarts: 1, niceness: 15 },
      );
      const make = () => factory({ cwd: dir, sessionMirror: false, maxLineBytes: 1024 * 1024 });
      const [first, second, third] = [make(), make(), make()];
      try {
        await first.start();
        await second.start();
        // Neither has written a line yet, so both count as starting when `second` starts.
        expect((await reportOf(second, false)).niceness).toBe(Math.max(15, getPriority()));
        expect((await reportOf(first, false)).niceness).toBe(getPriority());
        // Both have now written: the next CLI starts at full priority.
        expect((await reportOf(third)).niceness).toBe(getPriority());
      } finally {
        await Promise.all([first.close(), second.close(), third.close()]);
      }
    });

    it('should give back the place of a CLI that could not start', async () => {
      const later = join(dir, 'appears-later.mjs');
      const factory = subprocessCliLinkFactory(
        { pathToClaudeCodeExecutable: later, executable: 'node' },
        { fullPriorityStarts: 1 },
      );
      const make = () => factory({ cwd: dir, sessionMirror: false, maxLineBytes: 1024 * 1024 });
      await expect(make().start()).rejects.toThrow();
      await writeFile(later, PRIORITY_REPORTER);
      // Had the failed start kept its place, this one would be lowered.
      const link = make();
      try {
        expect((await reportOf(link)).niceness).toBe(getPriority());
      } finally {
        await link.close();
      }
    });

    it("should leave every CLI at the server's priority with `niceness: false`", async () => {
      const link = linkWith({ niceness: false, fullPriorityStarts: 0 });
      try {
        const report = await reportOf(link);
        expect(report.niceness).toBe(getPriority());
        if (hasAutogroups) expect(report.autogroup).toMatch(/ nice 0$/);
      } finally {
        await link.close();
      }
    });
  },
);
