import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listSessions } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_MAIN, copyFixture, type FixtureCopy } from '../../test/run-ccsdk.js';
import { hasTmux, TmuxPane } from '../../test/tmux-pane.js';
import { textColumns } from './fit-text.js';

/**
 * The table and the search progress line as a person sees them: the built command in a real
 * terminal (a tmux pane of a fixed size). CI must have tmux; elsewhere the test is skipped
 * when tmux is missing.
 */
const RUN = hasTmux() || process.env['CI'] !== undefined;
const WIDTH = 100;
const ESCAPE = /\x1b\[/;

let fixture: FixtureCopy;
let pane: TmuxPane | undefined;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => {
  pane?.close();
  pane = undefined;
  fixture.cleanup();
});

function terminalEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env['PATH'],
    HOME: fixture.home,
    CLAUDE_CONFIG_DIR: fixture.configDir,
    TERM: 'tmux-256color',
    ...extra,
  };
}

/**
 * Sessions whose prompt makes the pattern `(a+)+$` backtrack for a long time each (a search that
 * runs for seconds on any machine, over a small corpus); every tenth matches it at once.
 */
const SLOW_MTIME_S = Date.now() / 1000 - 3600;
function writeSlowCorpus(sessions: number): void {
  const folder = join(fixture.configDir, 'projects', '-home-dev-slow');
  mkdirSync(folder, { recursive: true });
  for (let n = 0; n < sessions; n++) {
    const sessionId = randomUUID();
    const matches = n % 10 === 5;
    const entry = {
      type: 'user',
      uuid: randomUUID(),
      parentUuid: null,
      sessionId,
      cwd: '/home/dev/slow',
      timestamp: '2026-05-01T10:00:00.000Z',
      message: { role: 'user', content: matches ? `match number ${n} aaa` : `${'a'.repeat(22)}!` },
    };
    const file = join(folder, `${sessionId}.jsonl`);
    writeFileSync(file, `${JSON.stringify(entry)}\n`);
    // The quick matches are the newest, so they are listed (and found) before the slow scan.
    if (!matches) utimesSync(file, SLOW_MTIME_S, SLOW_MTIME_S);
  }
}

describe.runIf(RUN)('ccsdk sessions in a terminal', () => {
  it('should show the table within the terminal width, in colour, and without colour under NO_COLOR', async () => {
    const sessions = await listSessions({ configDir: fixture.configDir });
    pane = TmuxPane.start([process.execPath, BUILT_MAIN, 'sessions', 'list', '--all-projects'], {
      env: terminalEnv(),
      width: WIDTH,
      height: 40,
      cwd: fixture.home,
    });
    expect(await pane.waitForExit(20_000)).toBe(0);
    const screen = pane.capture();
    expect(screen[0]).toMatch(/^ID {2,}TITLE {2,}PROJECT {2,}MODIFIED {2,}SIZE$/);
    expect(screen.slice(1).map((line) => line.slice(0, 36))).toEqual(sessions.map((s) => s.sessionId));
    for (const line of screen) expect(textColumns(line)).toBeLessThanOrEqual(WIDTH);
    // Columns line up on every row, wide characters included: SIZE ends where the header says.
    for (const line of screen) expect(textColumns(line)).toBe(textColumns(screen[0]!));
    expect(pane.capture(true).join('\n')).toMatch(ESCAPE);
    pane.close();

    pane = TmuxPane.start([process.execPath, BUILT_MAIN, 'sessions', 'list', '--all-projects'], {
      env: terminalEnv({ NO_COLOR: '1' }),
      width: 72,
      height: 40,
      cwd: fixture.home,
    });
    expect(await pane.waitForExit(20_000)).toBe(0);
    const plain = pane.capture(true);
    expect(plain.join('\n')).not.toMatch(ESCAPE);
    expect(plain[0]).toMatch(/^ID {2,}TITLE {2,}MODIFIED {2,}SIZE$/);
    for (const line of plain) expect(textColumns(line)).toBeLessThanOrEqual(72);
    console.log(`ccsdk sessions list in a 100-column terminal:\n${screen.join('\n')}`);
  });

  it('should show a progress line while a long search runs, and leave no trace of it once done', async () => {
    writeSlowCorpus(40);
    pane = TmuxPane.start(
      [process.execPath, BUILT_MAIN, 'sessions', 'search', '--all-projects', '--regex', '(a+)+$'],
      {
        env: terminalEnv(),
        width: WIDTH,
        height: 20,
        cwd: fixture.home,
      },
    );
    const progressLine =
      /^searching (\d+)\/51 sessions · [\d.]+ (B|KB|MB) of [\d.]+ (B|KB|MB) · (\d+) found$/;
    // Freeze the command while the progress line shows, so the screen holds still while we read it
    // (a hit being printed clears the line for a moment: then let it run and look again).
    let during: string[] = [];
    for (let attempt = 0; attempt < 50 && !progressLine.test(during.at(-1) ?? ''); attempt++) {
      await pane.waitFor(
        () => pane!.capture().some((line) => line.startsWith('searching ')),
        60_000,
        'the progress line',
      );
      process.kill(pane.pid(), 'SIGSTOP');
      try {
        during = pane.capture();
      } finally {
        process.kill(pane.pid(), 'SIGCONT');
      }
    }
    const progress = during.at(-1)!;
    const found = progressLine.exec(progress);
    expect(found, progress).not.toBeNull();
    expect(textColumns(progress)).toBeLessThan(WIDTH);
    // The hits found so far stand above the progress line, two lines each.
    expect(during.slice(0, -1)).toHaveLength(Number(found![4]) * 2);
    expect(await pane.waitForExit(120_000)).toBe(0);
    const after = pane.capture();
    expect(after.join('\n')).not.toContain('searching ');
    const hits = after.filter((line) => /^[0-9a-f-]{36} {2}match number \d+ aaa/.test(line));
    expect(hits).toHaveLength(4);
    expect(during.slice(0, -1)).toEqual(after);
    // On a terminal the match inside each snippet is highlighted.
    const coloured = pane.capture(true);
    for (const index of [1, 3, 5, 7]) expect(coloured[index]).toMatch(/number \d+ (\x1b\[[0-9;]*m)+aaa/);
    expect(after).toHaveLength(hits.length * 2);
    console.log(
      `ccsdk sessions search, during the scan:\n${during.join('\n')}\n\nafter it:\n${after.join('\n')}`,
    );
  }, 180_000);

  it('should ask before deleting, and delete only on yes', async () => {
    const id = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
    const file = join(fixture.configDir, 'projects', '-tmp-ccsdk-sessions-AGsyvc-cwd', `${id}.jsonl`);
    for (const [answer, status, kept] of [
      ['n', 1, true],
      ['', 1, true],
      ['yes', 0, false],
    ] as const) {
      pane = TmuxPane.start([process.execPath, BUILT_MAIN, 'sessions', 'rm', id], {
        env: terminalEnv(),
        width: WIDTH,
        height: 10,
        cwd: fixture.home,
      });
      await pane.waitFor(() => pane!.capture().join('').includes('[y/N]'), 20_000, 'the question');
      expect(pane.capture()[0]).toBe(`Delete ${id} ("please SPAWN a helper", 150 KB) for good? [y/N]`);
      pane.type(answer);
      expect(await pane.waitForExit(20_000)).toBe(status);
      expect(existsSync(file)).toBe(kept);
      expect(pane.capture().at(-1)).toBe(kept ? 'ccsdk sessions rm: not deleted' : `Deleted ${id}.`);
      pane.close();
      pane = undefined;
    }
  }, 90_000);
});
