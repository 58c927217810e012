import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getSessionInfo, getSessionMessages, listSessions } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';

const SESSION = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
const PROJECT_FOLDER = '-tmp-ccsdk-sessions-AGsyvc-cwd';

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

function info(id = SESSION) {
  return getSessionInfo(id, { configDir: fixture.configDir });
}

async function ok(args: string[], input?: string): Promise<string> {
  const run = await runCcsdk(['sessions', ...args], {
    env: fixture.env,
    ...(input === undefined ? {} : { input }),
  });
  expect(run.code, run.stderr).toBe(0);
  return run.stdout;
}

describe('ccsdk sessions mutations', () => {
  it('should rename with every word after the id as the title', async () => {
    expect(await ok(['rename', SESSION, 'Fixed', 'the', 'login', 'bug'])).toBe(
      `Renamed ${SESSION} to "Fixed the login bug".\n`,
    );
    expect((await info())?.customTitle).toBe('Fixed the login bug');
    expect((await info())?.summary).toBe('Fixed the login bug');
  });

  it('should set and clear a tag', async () => {
    await ok(['tag', SESSION, 'login']);
    expect((await info())?.tag).toBe('login');
    await ok(['tag', SESSION, '--clear']);
    expect((await info())?.tag).toBeUndefined();
    const both = await runCcsdk(['sessions', 'tag', SESSION, 'x', '--clear'], { env: fixture.env });
    expect(both.code).toBe(2);
  });

  it('should fork into a new session the library reads the same, and print its id with --json', async () => {
    const result = JSON.parse(await ok(['fork', SESSION, '--title', 'try again', '--json'])) as {
      sessionId: string;
    };
    expect(result.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await info(result.sessionId))?.summary).toBe('try again');
    const source = await getSessionMessages(SESSION, { configDir: fixture.configDir });
    const fork = await getSessionMessages(result.sessionId, { configDir: fixture.configDir });
    expect(fork.map((m) => m.message)).toEqual(source.map((m) => m.message));
    const upTo = source[1]!.uuid;
    const partial = await ok(['fork', SESSION, '--up-to', upTo]);
    const partialId = /as ([0-9a-f-]{36})\./.exec(partial)?.[1];
    expect(await getSessionMessages(partialId!, { configDir: fixture.configDir })).toHaveLength(2);
    const missing = await runCcsdk(
      ['sessions', 'fork', SESSION, '--up-to', '11111111-1111-4111-8111-111111111111'],
      {
        env: fixture.env,
      },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('should archive and unarchive, as listings then report', async () => {
    await ok(['archive', SESSION]);
    expect((await info())?.archived).toBe(true);
    const listed = await listSessions({ configDir: fixture.configDir });
    expect(listed.find((s) => s.sessionId === SESSION)?.archived).toBe(true);
    expect(await ok(['list', '--all-projects'])).toMatch(new RegExp(`${SESSION}.*\\[archived\\]`));
    await ok(['unarchive', SESSION]);
    expect((await info())?.archived).toBe(false);
  });

  it('should delete only when confirmed: --yes, never silently without a terminal', async () => {
    const file = join(fixture.configDir, 'projects', PROJECT_FOLDER, `${SESSION}.jsonl`);
    const refused = await runCcsdk(['sessions', 'rm', SESSION], { env: fixture.env, input: 'y\n' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'ccsdk sessions rm: stdin is not a terminal to confirm on; pass --yes to delete\n',
    );
    expect(existsSync(file)).toBe(true);
    expect(await ok(['rm', SESSION, '--yes'])).toBe(`Deleted ${SESSION}.\n`);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(fixture.configDir, 'projects', PROJECT_FOLDER, SESSION))).toBe(false);
    expect(await info()).toBeUndefined();
    const again = await runCcsdk(['sessions', 'rm', SESSION, '-y'], { env: fixture.env });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`ccsdk sessions rm: no session ${SESSION} in any project\n`);
  });

  it('should refuse a blank title or tag with exit 2, changing nothing', async () => {
    const before = await info();
    for (const args of [
      ['rename', SESSION, '   '],
      ['tag', SESSION, '\u200b'],
      ['fork', SESSION, '--title', ' '],
    ]) {
      const run = await runCcsdk(['sessions', ...args], { env: fixture.env });
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
    expect(await info()).toEqual(before);
  });
});
