import { mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sanitizePath } from '@ccsdk/session-jsonl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemorySessionStore } from './in-memory-session-store.js';
import { materializeResumeFromStore } from './materialize-resume.js';
import type { SessionStore, SessionStoreEntry } from './types.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
let root: string;
let cwd: string;
let userConfig: string;
let tmpDir: string;
let projectKey: string;
const warnings: string[] = [];

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-resume-')));
  cwd = join(root, 'cwd');
  userConfig = join(root, 'user-config');
  tmpDir = join(root, 'tmp');
  await Promise.all([mkdir(cwd), mkdir(userConfig), mkdir(tmpDir)]);
  projectKey = sanitizePath(cwd);
  warnings.length = 0;
});
afterEach(() => rm(root, { recursive: true, force: true }));

const entries = (
  sessionId: string,
  text: string,
  extra: Record<string, unknown> = {},
): SessionStoreEntry[] => [
  {
    type: 'user',
    uuid: `${sessionId.slice(0, 4)}-1`,
    sessionId,
    message: { role: 'user', content: text },
    ...extra,
  },
  {
    type: 'assistant',
    uuid: `${sessionId.slice(0, 4)}-2`,
    sessionId,
    message: { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
  },
];

const common = () => ({
  cwd,
  tmpDir,
  env: { CLAUDE_CONFIG_DIR: userConfig },
  processEnv: {},
  onWarning: (m: string) => warnings.push(m),
});
const tempDirs = () => readdir(tmpDir);
const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('materializeResumeFromStore', () => {
  it('should write the session and its subagents into a private config dir, then remove it', async () => {
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: A }, entries(A, 'hello'));
    await store.append({ projectKey, sessionId: A, subpath: 'subagents/agent-x1' }, [
      { type: 'agent_metadata', toolUseId: 'toolu_old' },
      ...entries(A, 'sub'),
      { type: 'agent_metadata', toolUseId: 'toolu_1', finished: true },
    ]);
    await store.append(
      { projectKey, sessionId: A, subpath: 'subagents/workflows/r1/agent-y2' },
      entries(A, 'nested'),
    );
    const resume = await materializeResumeFromStore({ store, sessionId: A, ...common() });
    expect(resume).toBeDefined();
    const { configDir, env, sessionId } = resume!;
    expect([env.CLAUDE_CONFIG_DIR, sessionId]).toEqual([configDir, A]);
    expect(await mode(configDir)).toBe(0o700);
    const mainPath = join(configDir, 'projects', projectKey, `${A}.jsonl`);
    expect(
      (await readFile(mainPath, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual(entries(A, 'hello'));
    expect(await mode(mainPath)).toBe(0o600);
    const subDir = join(configDir, 'projects', projectKey, A, 'subagents');
    expect((await readFile(join(subDir, 'agent-x1.jsonl'), 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(JSON.parse(await readFile(join(subDir, 'agent-x1.meta.json'), 'utf8'))).toEqual({
      toolUseId: 'toolu_1',
      finished: true,
    });
    expect(await readFile(join(subDir, 'workflows', 'r1', 'agent-y2.jsonl'), 'utf8')).toContain('nested');
    expect(await resume!.cleanup()).toEqual({});
    expect(await tempDirs()).toEqual([]);
  });

  it('should seed credentials without the refresh token, .claude.json and settings without plugin keys, all 0600', async () => {
    await writeFile(
      join(userConfig, '.credentials.json'),
      JSON.stringify({ claudeAiOauth: { accessToken: 'at', refreshToken: 'rt', expiresAt: 1 } }),
    );
    await writeFile(join(userConfig, '.claude.json'), '{"numStartups":3}');
    await writeFile(
      join(userConfig, 'settings.json'),
      JSON.stringify({
        model: 'x',
        enabledPlugins: { p: true },
        extraKnownMarketplaces: {},
        env: { CLAUDE_CONFIG_DIR: '/elsewhere', FOO: '1' },
      }),
    );
    await writeFile(join(userConfig, 'cowork_settings.json'), 'not json');
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: A }, entries(A, 'hello'));
    const resume = (await materializeResumeFromStore({ store, sessionId: A, ...common() }))!;
    const read = async (name: string) => JSON.parse(await readFile(join(resume.configDir, name), 'utf8'));
    expect(await read('.credentials.json')).toEqual({ claudeAiOauth: { accessToken: 'at', expiresAt: 1 } });
    expect(await read('.claude.json')).toEqual({ numStartups: 3 });
    expect(await read('settings.json')).toEqual({ model: 'x', env: { FOO: '1' } });
    for (const name of ['.credentials.json', '.claude.json', 'settings.json'])
      expect(await mode(join(resume.configDir, name))).toBe(0o600);
    expect(await readdir(resume.configDir)).not.toContain('cowork_settings.json');
    expect(warnings.some((w) => w.includes('cowork_settings.json'))).toBe(true);
    await resume.cleanup();
  });

  it('should take .claude.json from the home when CLAUDE_CONFIG_DIR is not set', async () => {
    const home = join(root, 'home');
    await mkdir(join(home, '.claude'), { recursive: true });
    await writeFile(join(home, '.claude.json'), '{"fromHome":true}');
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: A }, entries(A, 'hello'));
    const resume = (await materializeResumeFromStore({
      store,
      sessionId: A,
      cwd,
      tmpDir,
      env: { HOME: home },
      processEnv: {},
      onWarning: () => undefined,
    }))!;
    expect(JSON.parse(await readFile(join(resume.configDir, '.claude.json'), 'utf8'))).toEqual({
      fromHome: true,
    });
    await resume.cleanup();
  });

  it('should preserve the transcripts (and only them) when asked to', async () => {
    await writeFile(join(userConfig, '.credentials.json'), '{"claudeAiOauth":{"accessToken":"at"}}');
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: A }, entries(A, 'hello'));
    const resume = (await materializeResumeFromStore({ store, sessionId: A, ...common() }))!;
    const { preservedDir } = await resume.cleanup({ preserve: true });
    expect(preservedDir).toMatch(/claude-preserved-resume-/);
    expect(await readdir(preservedDir!)).toEqual(['projects']);
    expect(await readFile(join(preservedDir!, 'projects', projectKey, `${A}.jsonl`), 'utf8')).toContain(
      'hello',
    );
    expect(await tempDirs()).toEqual([preservedDir!.split('/').at(-1)]);
    expect(await resume.cleanup()).toEqual({ preservedDir });
  });

  it('should pick the newest non-sidechain session for continue, skipping empty ones', async () => {
    const C = '33333333-3333-4333-8333-333333333333';
    const store = new InMemorySessionStore();
    await store.append({ projectKey, sessionId: A }, entries(A, 'oldest'));
    await store.append({ projectKey, sessionId: B }, entries(B, 'middle'));
    await store.append({ projectKey, sessionId: C }, entries(C, 'sidechain', { isSidechain: true }));
    const resume = (await materializeResumeFromStore({ store, continue: true, ...common() }))!;
    expect(resume.sessionId).toBe(B);
    await resume.cleanup();
    const empty = new InMemorySessionStore();
    expect(await materializeResumeFromStore({ store: empty, continue: true, ...common() })).toBeUndefined();
    const noList: SessionStore = { append: async () => undefined, load: async () => null };
    await expect(
      materializeResumeFromStore({ store: noList, continue: true, ...common() }),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_BY_STORE' });
  });

  it('should resolve undefined for an unknown session and refuse a non-UUID one', async () => {
    const store = new InMemorySessionStore();
    expect(await materializeResumeFromStore({ store, sessionId: A, ...common() })).toBeUndefined();
    await expect(materializeResumeFromStore({ store, sessionId: '../x', ...common() })).rejects.toMatchObject(
      { code: 'INVALID_SESSION_ID' },
    );
    await expect(materializeResumeFromStore({ store, ...common() })).rejects.toThrow(TypeError);
    await expect(
      materializeResumeFromStore({ store, sessionId: A, continue: true, ...common() }),
    ).rejects.toThrow(TypeError);
    await expect(
      materializeResumeFromStore({ store, sessionId: A, loadTimeoutMs: 0, ...common() }),
    ).rejects.toThrow(TypeError);
    expect(await tempDirs()).toEqual([]);
  });

  it('should fail with STORE_CALL_FAILED when load rejects, keeping the cause and leaving no temp dir', async () => {
    const boom = new Error('connection reset');
    const store: SessionStore = { append: async () => undefined, load: async () => Promise.reject(boom) };
    const error = await materializeResumeFromStore({ store, sessionId: A, ...common() }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'STORE_CALL_FAILED', cause: boom });
    expect((error as Error).message).toContain(`SessionStore.load for session ${A}`);
    expect(await tempDirs()).toEqual([]);
  });

  it('should fail with STORE_CALL_TIMEOUT when a call outlives loadTimeoutMs, also for listSubkeys', async () => {
    const hang = () => new Promise<never>(() => undefined);
    const store: SessionStore = { append: async () => undefined, load: hang };
    await expect(
      materializeResumeFromStore({ store, sessionId: A, loadTimeoutMs: 30, ...common() }),
    ).rejects.toMatchObject({ code: 'STORE_CALL_TIMEOUT' });
    const subHang: SessionStore = {
      append: async () => undefined,
      load: async () => entries(A, 'x'),
      listSubkeys: hang,
    };
    await expect(
      materializeResumeFromStore({ store: subHang, sessionId: A, loadTimeoutMs: 30, ...common() }),
    ).rejects.toMatchObject({ code: 'STORE_CALL_TIMEOUT' });
    expect(await tempDirs()).toEqual([]);
  });

  it('should skip unsafe subkeys and unserializable entries with warnings', async () => {
    const loads: Record<string, SessionStoreEntry[]> = {
      main: [...entries(A, 'hello'), { type: 'weird', uuid: 'big', n: 1n } as unknown as SessionStoreEntry],
      'subagents/agent-ok': entries(A, 'fine'),
    };
    const store: SessionStore = {
      append: async () => undefined,
      load: async (key) => loads[key.subpath ?? 'main'] ?? entries(A, 'should not be read'),
      listSubkeys: async () => [
        'subagents/agent-ok',
        '../escape',
        '/abs/agent',
        'a//b',
        '',
        'C:/x',
        'subagents/./agent',
        'a\\b',
        'x\0y',
      ],
    };
    const resume = (await materializeResumeFromStore({ store, sessionId: A, ...common() }))!;
    const sessionDir = join(resume.configDir, 'projects', projectKey, A);
    expect(await readdir(sessionDir, { recursive: true })).toEqual(['subagents', 'subagents/agent-ok.jsonl']);
    expect((await readFile(`${sessionDir}.jsonl`, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(warnings.filter((w) => w.startsWith('Skipped subkey'))).toHaveLength(8);
    expect(warnings.some((w) => w.includes('uuid big'))).toBe(true);
    await resume.cleanup();
  });
});
