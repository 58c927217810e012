import { listSessions } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';
import { textColumns } from './fit-text.js';

/** The real CLI's fixture sessions were written in this folder. */
const CLI_PROJECT_CWD = '/tmp/ccsdk-sessions-AGsyvc/cwd';
const ANSI = /\x1b\[/;

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** The library's answer, as JSON would carry it. */
async function libraryList(options: Record<string, unknown>): Promise<unknown> {
  return JSON.parse(JSON.stringify(await listSessions({ configDir: fixture.configDir, ...options })));
}

describe('ccsdk sessions list', () => {
  it('should print listSessions() unchanged with --json, over every project', async () => {
    const run = await runCcsdk(['sessions', 'list', '--all-projects', '--json'], { env: fixture.env });
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { sessionId: string }[];
    expect(printed).toEqual(await libraryList({}));
    expect(printed.length).toBeGreaterThan(5);
  });

  it('should page with --limit and --offset the way the library does', async () => {
    const run = await runCcsdk(
      ['sessions', 'list', '--all-projects', '--json', '--limit', '3', '--offset', '2'],
      {
        env: fixture.env,
      },
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(await libraryList({ limit: 3, offset: 2 }));
  });

  it('should list the current folder project by default, and --dir names another', async () => {
    const here = await runCcsdk(['sessions', 'list', '--json'], { env: fixture.env, cwd: fixture.home });
    expect(here.code).toBe(0);
    expect(JSON.parse(here.stdout)).toEqual(await libraryList({ dir: fixture.home }));
    const other = await runCcsdk(['sessions', 'list', '--json', '--dir', '/home/dev/app'], {
      env: fixture.env,
    });
    expect(JSON.parse(other.stdout)).toEqual(await libraryList({ dir: '/home/dev/app' }));
    expect((JSON.parse(other.stdout) as unknown[]).length).toBeGreaterThan(3);
  });

  it('should say on stderr that a folder has no sessions, and how to list all', async () => {
    const run = await runCcsdk(['sessions', 'list'], { env: fixture.env, cwd: fixture.home });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--all-projects');
  });

  it('should print a table that fits the width, one row per session, without colour off a terminal', async () => {
    for (const columns of [80, 120, 60]) {
      const run = await runCcsdk(['sessions', 'list', '--all-projects'], {
        env: { ...fixture.env, COLUMNS: String(columns) },
      });
      expect(run.code).toBe(0);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toMatch(columns >= 80 ? /^ID\s+TITLE\s+PROJECT\s+MODIFIED\s+SIZE$/ : /^ID\s+TITLE$/);
      const sessions = (await libraryList({})) as { sessionId: string }[];
      expect(lines.slice(1).map((line) => line.slice(0, 36))).toEqual(sessions.map((s) => s.sessionId));
      expect(run.stdout).not.toMatch(ANSI);
      for (const line of lines) expect(textColumns(line)).toBeLessThanOrEqual(columns);
    }
  });

  it('should show title, tag, project, relative time and size of a session', async () => {
    const run = await runCcsdk(['sessions', 'list', '--dir', CLI_PROJECT_CWD], {
      env: { ...fixture.env, COLUMNS: '160' },
    });
    const row = run.stdout
      .split('\n')
      .find((line) => line.startsWith('ad1ee0c1-11b1-4b81-9ef6-33638b8b7b5e'));
    expect(row).toMatch(
      /Renamed by ccsdk #e2e-tag\s+\/tmp\/ccsdk-sessions-AGsyvc\/cwd\s+\d+(mo|y|w|d) ago\s+14\d KB$/,
    );
  });

  it('should honour CLAUDE_CONFIG_DIR, else read ~/.claude', async () => {
    const env: NodeJS.ProcessEnv = { ...fixture.env, HOME: fixture.home };
    delete env['CLAUDE_CONFIG_DIR'];
    const none = await runCcsdk(['sessions', 'list', '--all-projects', '--json'], { env });
    expect(JSON.parse(none.stdout)).toEqual([]);
    const { cpSync } = await import('node:fs');
    cpSync(fixture.configDir, `${env['HOME']}/.claude`, { recursive: true });
    const fromHome = await runCcsdk(['sessions', 'list', '--all-projects', '--json'], { env });
    const ids = (listing: unknown) => (listing as { sessionId: string }[]).map((s) => s.sessionId).sort();
    expect(ids(JSON.parse(fromHome.stdout))).toEqual(ids(await libraryList({})));
  });
});
