import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';
import { SESSIONS_VERBS } from './sessions-command.js';

const SESSION = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
/** One valid invocation per verb, for the bad-flag checks. */
const VALID_ARGS: Record<string, string[]> = {
  list: [],
  show: [SESSION],
  search: ['x'],
  export: [SESSION, '--format', 'md'],
  rename: [SESSION, 'title'],
  tag: [SESSION, 't'],
  fork: [SESSION],
  archive: [SESSION],
  unarchive: [SESSION],
  rm: [SESSION],
  import: [SESSION, '--store', 'redis://127.0.0.1:1'],
};

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** A failure as the issue asks: one line on stderr, no stack trace, nothing on stdout. */
function expectOneLineFailure(
  run: { code: number | null; stdout: string; stderr: string },
  code: number,
): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.endsWith('\n')).toBe(true);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:/);
}

describe('ccsdk sessions', () => {
  it('should print help for every subcommand with exit 0, and list them all', async () => {
    for (const verb of SESSIONS_VERBS) {
      const run = await runCcsdk(['sessions', verb.name, '--help'], { env: fixture.env });
      expect(run.code, verb.name).toBe(0);
      expect(run.stdout.startsWith(`Usage: ccsdk sessions ${verb.name}`)).toBe(true);
    }
    const all = await runCcsdk(['sessions', '--help'], { env: fixture.env });
    expect(all.code).toBe(0);
    for (const verb of SESSIONS_VERBS)
      expect(all.stdout).toMatch(
        new RegExp(`^  ${verb.name} +${verb.summary.replace(/[()]/g, '\\$&')}$`, 'm'),
      );
    const bare = await runCcsdk(['sessions'], { env: fixture.env });
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('Usage: ccsdk sessions <command>');
    expect((await runCcsdk(['--help'], { env: fixture.env })).stderr).toContain('ccsdk sessions <command>');
  });

  it('should refuse an unknown flag, a missing or extra argument, with exit 2', async () => {
    for (const verb of SESSIONS_VERBS) {
      expectOneLineFailure(
        await runCcsdk(['sessions', verb.name, ...VALID_ARGS[verb.name]!, '--bogus'], { env: fixture.env }),
        2,
      );
    }
    expectOneLineFailure(await runCcsdk(['sessions', 'frobnicate'], { env: fixture.env }), 2);
    expectOneLineFailure(await runCcsdk(['sessions', 'show'], { env: fixture.env }), 2);
    expectOneLineFailure(await runCcsdk(['sessions', 'show', SESSION, 'extra'], { env: fixture.env }), 2);
    expectOneLineFailure(await runCcsdk(['sessions', 'list', '--dir'], { env: fixture.env }), 2);
    expectOneLineFailure(
      await runCcsdk(['sessions', 'list', '--all-projects', '--dir', '/x'], { env: fixture.env }),
      2,
    );
    for (const bad of ['abc', '-1', '1.5', '']) {
      const run = await runCcsdk(['sessions', 'list', `--limit=${bad}`], { env: fixture.env });
      expectOneLineFailure(run, 2);
      expect(run.stderr).toContain(`got ${JSON.stringify(bad)}`);
    }
  });

  it('should refuse a malformed session id with exit 2 and an unknown one with exit 1, for every verb taking one', async () => {
    for (const verb of SESSIONS_VERBS) {
      const [first, ...rest] = VALID_ARGS[verb.name]!;
      if (first !== SESSION) continue;
      const confirm = verb.name === 'rm' ? ['--yes'] : [];
      const malformed = await runCcsdk(['sessions', verb.name, 'abc', ...rest, ...confirm], {
        env: fixture.env,
      });
      expectOneLineFailure(malformed, 2);
      const unknownId = '22222222-2222-4222-8222-222222222222';
      const unknown = await runCcsdk(['sessions', verb.name, unknownId, ...rest, ...confirm], {
        env: fixture.env,
      });
      expectOneLineFailure(unknown, 1);
      expect(unknown.stderr).toContain(`no session ${unknownId}`);
    }
  });

  it('should fail with exit 1 and one line when the projects folder cannot be read', async () => {
    const broken = join(fixture.home, 'broken-config');
    mkdirSync(broken);
    writeFileSync(join(broken, 'projects'), 'not a folder');
    const env = { ...fixture.env, CLAUDE_CONFIG_DIR: broken };
    for (const args of [
      ['list', '--all-projects'],
      ['search', 'x', '--all-projects'],
      ['show', SESSION],
    ]) {
      const run = await runCcsdk(['sessions', ...args], { env });
      expectOneLineFailure(run, 1);
      expect(run.stderr).toContain('ENOTDIR');
    }
  });

  it('should keep --json output valid JSON and colour off when NO_COLOR is set or stdout is piped', async () => {
    for (const args of [
      ['list', '--all-projects', '--json'],
      ['show', SESSION, '--json'],
      ['search', 'helper', '--all-projects', '--json'],
      ['fork', SESSION, '--json'],
    ]) {
      const run = await runCcsdk(['sessions', ...args], {
        env: { ...fixture.env, NO_COLOR: '1', FORCE_COLOR: '1' },
      });
      expect(run.code, args.join(' ')).toBe(0);
      expect(() => JSON.parse(run.stdout)).not.toThrow();
      expect(run.stdout).not.toContain('\x1b[');
    }
  });

  it('should end quietly with exit 0 when the reader closes stdout early, like | head', async () => {
    const { mkdirSync: mkdir, writeFileSync: write } = await import('node:fs');
    const folder = join(fixture.configDir, 'projects', '-home-dev-many');
    mkdir(folder);
    for (let n = 0; n < 3000; n++) {
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      write(
        join(folder, `${id}.jsonl`),
        `${JSON.stringify({ type: 'user', uuid: id, parentUuid: null, sessionId: id, message: { role: 'user', content: `prompt ${'x'.repeat(200)} ${n}` } })}\n`,
      );
    }
    for (const args of [
      ['list', '--all-projects'],
      ['search', 'prompt', '--all-projects'],
      ['list', '--all-projects', '--json'],
    ]) {
      const run = await runCcsdk(['sessions', ...args], { env: fixture.env, closeStdoutAfterBytes: 1 });
      expect(run.stderr, args.join(' ')).toBe('');
      expect(run.code).toBe(0);
    }
  });
});
