import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SessionKey } from '@ccsdk/session-store';
import { freePort, postgresForTests, redisForTests, type SharedServer } from '@ccsdk/test-databases';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy, runCcsdk } from '../../test/run-ccsdk.js';
import { openStoreFromUrl } from '../store-url.js';

/** A session the real CLI wrote, with one subagent and its sidecar. */
const SESSION = '9b3c7197-3e2a-4067-9a59-ac9c75f8b37d';
/** Its folder, which is also the key of its working directory. */
const PROJECT_KEY = '-tmp-ccsdk-sessions-AGsyvc-cwd';
const SUBAGENT = 'subagents/agent-af836b15649dd8773';

let postgres: SharedServer | undefined;
let redis: SharedServer | undefined;
beforeAll(async () => {
  [postgres, redis] = await Promise.all([postgresForTests(), redisForTests()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([postgres?.dispose(), redis?.dispose()]);
});

let fixture: FixtureCopy;
beforeEach(() => {
  fixture = copyFixture();
});
afterEach(() => fixture.cleanup());

/** The parsed non-blank lines of a fixture file. */
function fileEntries(...path: string[]): unknown[] {
  return readFileSync(join(fixture.configDir, 'projects', PROJECT_KEY, ...path), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}

async function storedEntries(url: string, key: SessionKey) {
  const store = await openStoreFromUrl(url);
  try {
    return await store.load(key);
  } finally {
    await store.close();
  }
}

async function deleteSession(url: string): Promise<void> {
  const store = await openStoreFromUrl(url);
  try {
    for (const subpath of [undefined, SUBAGENT])
      await store.delete?.({ projectKey: PROJECT_KEY, sessionId: SESSION, ...(subpath ? { subpath } : {}) });
  } finally {
    await store.close();
  }
}

/** A failure as the issue asks: one line on stderr, no stack trace, nothing on stdout. */
function expectOneLineFailure(run: { code: number | null; stdout: string; stderr: string }, code: number) {
  expect(run.code, run.stderr).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at |Error:/);
}

describe('ccsdk sessions import', () => {
  it.each([
    ['postgres', () => postgres!.url],
    ['redis', () => redis!.url],
  ])('should copy the session into %s, in order, and add nothing the second time', async (_name, url) => {
    await deleteSession(url());
    const run = await runCcsdk(['sessions', 'import', SESSION, '--store', url()], { env: fixture.env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    const main = fileEntries(`${SESSION}.jsonl`);
    const sub = fileEntries(SESSION, `${SUBAGENT}.jsonl`);
    const meta = JSON.parse(
      readFileSync(
        join(fixture.configDir, 'projects', PROJECT_KEY, SESSION, `${SUBAGENT}.meta.json`),
        'utf8',
      ),
    ) as Record<string, unknown>;
    expect(run.stdout).toMatch(new RegExp(`^Imported session ${SESSION} into `));
    expect(run.stdout).toContain(`(project ${PROJECT_KEY})`);
    expect(run.stdout).toMatch(new RegExp(`main transcript +${main.length} entries, ${main.length} new`));
    expect(run.stdout).toMatch(new RegExp(`${SUBAGENT} +${sub.length + 1} entries, ${sub.length + 1} new`));
    expect(run.stdout).toContain('1 subagent transcript;');

    const expectStored = async () => {
      const key = { projectKey: PROJECT_KEY, sessionId: SESSION };
      const stored = await storedEntries(url(), key);
      expect(stored).toEqual(main);
      expect(stored?.map((e) => e.uuid)).toEqual(main.map((e) => (e as { uuid?: string }).uuid));
      expect(await storedEntries(url(), { ...key, subpath: SUBAGENT })).toEqual([
        ...sub,
        { type: 'agent_metadata', ...meta },
      ]);
    };
    await expectStored();

    const again = await runCcsdk(['sessions', 'import', SESSION, '--store', url(), '--json'], {
      env: fixture.env,
    });
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      sessionId: SESSION,
      store: expect.stringMatching(/^(postgres|redis):\/\//),
      projectKey: PROJECT_KEY,
      entries: main.length + sub.length + 1,
      added: 0,
      subagentTranscripts: 1,
      transcripts: [
        { entries: main.length, added: 0 },
        { subpath: SUBAGENT, entries: sub.length + 1, added: 0 },
      ],
    });
    await expectStored();
    await deleteSession(url());
  });

  it('should never print the password of the store URL', async () => {
    const [user, rest] = postgres!.url.replace(/^postgres:\/\//, '').split('@') as [string, string];
    const url = `postgres://${user.split(':')[0]}:s3cret-pw@${rest}`;
    const run = await runCcsdk(['sessions', 'import', SESSION, '--store', url, '--json'], {
      env: fixture.env,
    });
    expect(run.stdout + run.stderr).not.toContain('s3cret-pw');
    await deleteSession(postgres!.url);
  });

  it('should fail with one line and exit 1 for an unknown session, before opening the store', async () => {
    const port = await freePort();
    const run = await runCcsdk(
      ['sessions', 'import', '11111111-1111-4111-8111-111111111111', '--store', `redis://127.0.0.1:${port}`],
      { env: fixture.env },
    );
    expectOneLineFailure(run, 1);
    expect(run.stderr).toContain('no session 11111111-1111-4111-8111-111111111111');
  });

  it('should refuse a bad URL, a bad scheme, a missing --store or a bad id with exit 2', async () => {
    for (const args of [
      ['--store', 'mysql://u:secret@h/db'],
      ['--store', 'postgres://u:secret@h:99999/db'],
      ['--store', 'secret'],
      [],
    ]) {
      const run = await runCcsdk(['sessions', 'import', SESSION, ...args], { env: fixture.env });
      expectOneLineFailure(run, 2);
      expect(run.stderr).not.toContain('secret');
    }
    expectOneLineFailure(
      await runCcsdk(['sessions', 'import', 'nope', '--store', redis!.url], { env: fixture.env }),
      2,
    );
  });

  it.each([
    ['postgres', (port: number) => `postgres://u:secret@127.0.0.1:${port}/db`],
    ['redis', (port: number) => `redis://:secret@127.0.0.1:${port}`],
  ])('should fail fast with one line and exit 1 when the %s server is unreachable', async (_name, url) => {
    const started = Date.now();
    const run = await runCcsdk(['sessions', 'import', SESSION, '--store', url(await freePort())], {
      env: fixture.env,
    });
    expectOneLineFailure(run, 1);
    expect(run.stderr).toMatch(/^ccsdk sessions import: cannot open (postgres|redis):\/\/u?@?127\.0\.0\.1/);
    expect(run.stderr).not.toContain('secret');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
