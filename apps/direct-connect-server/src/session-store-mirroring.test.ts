import { mkdir, mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { InMemorySessionStore, type SessionKey, type SessionStoreEntry } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCliLink, fakeLinkFactory } from '../test/fake-cli-link.js';
import { call, type OpenSocket, openSocket } from '../test/http-client.js';
import { type DirectConnectServer, startDirectConnectServer } from './direct-connect-server.js';
import type { LogEntry } from './logger.js';

const TOKEN = 'test-token-0123456789abcdef';
const STORED_ID = '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11';

/** An in-memory store that records each append and can hold appends until released. */
class GatedStore extends InMemorySessionStore {
  readonly appends: Array<{ key: SessionKey; count: number }> = [];
  gate: Promise<void> | undefined;
  failLoad = false;
  override async append(key: SessionKey, entries: SessionStoreEntry[]): Promise<void> {
    await this.gate;
    this.appends.push({ key, count: entries.length });
    await super.append(key, entries);
  }
  override async load(key: SessionKey): Promise<SessionStoreEntry[] | null> {
    if (this.failLoad) throw new Error('store down');
    return super.load(key);
  }
}

let base: string;
let root: string;
let configDir: string;
let server: DirectConnectServer | undefined;
let links: FakeCliLink[];
let logs: LogEntry[];
let store: GatedStore;

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-dcs-store-')));
  root = join(base, 'root');
  configDir = join(base, 'config');
  await mkdir(root, { recursive: true });
  await mkdir(configDir, { recursive: true });
  store = new GatedStore();
  const fake = fakeLinkFactory();
  links = fake.links;
  logs = [];
  server = await startDirectConnectServer({
    token: TOKEN,
    roots: [root],
    createCliLink: fake.factory,
    logger: (entry) => logs.push(entry),
    sessionStore: store,
    cli: { env: { CLAUDE_CONFIG_DIR: configDir } },
  });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(base, { recursive: true, force: true });
});

async function create(body: object = {}): Promise<{ session_id: string; ws_url: string }> {
  const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', { token: TOKEN, body });
  expect(answer.status).toBe(201);
  return answer.body as { session_id: string; ws_url: string };
}

async function attach(wsUrl: string): Promise<OpenSocket> {
  const opened = await openSocket(wsUrl, TOKEN);
  if ('refused' in opened) throw new Error(`upgrade refused with ${opened.refused}`);
  return opened;
}

async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const entry = (n: number): SessionStoreEntry => ({ type: 'user', uuid: `u-${n}`, n });

describe('mirroring to the session store', () => {
  it('should coalesce frames and hold a result line until they reached the store', async () => {
    const created = await create();
    const link = links[0] as FakeCliLink;
    expect(link.params.sessionMirror).toBe(true);
    const client = await attach(created.ws_url);
    const projectKey = await projectKeyForDirectory(root);
    const filePath = join(configDir, 'projects', projectKey, `${STORED_ID}.jsonl`);
    let release!: () => void;
    store.gate = new Promise((resolve) => {
      release = resolve;
    });
    for (let i = 0; i < 5; i++) link.mirror({ filePath, entries: [entry(i)] });
    link.emit('{"type":"assistant","n":1}');
    // As Claude Code 2.1.332 writes it: `type` after the result text, not first.
    link.emit('{"duration_ms":5,"result":"done","type":"result","subtype":"success"}');
    link.emit('{"type":"after"}');
    await until(() => client.frames.length === 1);
    // The store has not answered: the result and what follows it wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.frames).toEqual(['{"type":"assistant","n":1}\n']);
    release();
    await until(() => client.frames.length === 3);
    expect(client.frames.slice(1)).toEqual([
      '{"duration_ms":5,"result":"done","type":"result","subtype":"success"}\n',
      '{"type":"after"}\n',
    ]);
    // Five frames of one file, one append.
    expect(store.appends).toEqual([{ key: { projectKey, sessionId: STORED_ID }, count: 5 }]);
    expect(await store.load({ projectKey, sessionId: STORED_ID })).toHaveLength(5);
  });

  it("should send a turn's frames to the store before its result comes (a server killed mid-turn keeps them)", async () => {
    const created = await create();
    const link = links[0] as FakeCliLink;
    await attach(created.ws_url);
    const projectKey = await projectKeyForDirectory(root);
    const filePath = join(configDir, 'projects', projectKey, `${STORED_ID}.jsonl`);
    link.mirror({ filePath, entries: [entry(1)] });
    link.mirror({ filePath, entries: [entry(2)] });
    link.emit('{"type":"assistant","n":1}');
    // No result: the frames still reach the store, coalesced, within MIRROR_MID_TURN_FLUSH_MS.
    await until(() => store.appends.length === 1, 2_000);
    expect(store.appends).toEqual([{ key: { projectKey, sessionId: STORED_ID }, count: 2 }]);
    link.mirror({ filePath, entries: [entry(3)] });
    await until(() => store.appends.length === 2, 2_000);
    expect(await store.load({ projectKey, sessionId: STORED_ID })).toEqual([entry(1), entry(2), entry(3)]);
  });

  it('should close the mirror before the client hears the session ended', async () => {
    const created = await create();
    const link = links[0] as FakeCliLink;
    const client = await attach(created.ws_url);
    const projectKey = await projectKeyForDirectory(root);
    const filePath = join(configDir, 'projects', projectKey, STORED_ID, 'subagents', 'agent-a1.jsonl');
    link.mirror({ filePath, entries: [entry(1), entry(2)] });
    link.exit({ exitCode: 0, signal: null });
    await client.closed;
    expect(await store.load({ projectKey, sessionId: STORED_ID, subpath: 'subagents/agent-a1' })).toEqual([
      entry(1),
      entry(2),
    ]);
  });

  it('should log a frame whose path is outside the config dir and go on', async () => {
    const created = await create();
    const link = links[0] as FakeCliLink;
    const client = await attach(created.ws_url);
    link.mirror({ filePath: '/elsewhere/x.jsonl', entries: [entry(1)] });
    link.emit('{"type":"result"}');
    await until(() => client.frames.length === 1);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'mirror.append_failed', code: 'UNMAPPABLE_PATH' }),
    );
    expect(store.appends).toEqual([]);
  });
});

describe('resuming from the session store', () => {
  async function seedStored(): Promise<string> {
    const projectKey = await projectKeyForDirectory(root);
    await store.append({ projectKey, sessionId: STORED_ID }, [entry(1), entry(2)]);
    await store.append({ projectKey, sessionId: STORED_ID, subpath: 'subagents/agent-a1' }, [entry(3)]);
    store.appends.length = 0;
    return projectKey;
  }

  it('should materialize main and subagent transcripts in a private config dir and remove it after exit', async () => {
    const projectKey = await seedStored();
    const created = await create({ resume: STORED_ID });
    const link = links[0] as FakeCliLink;
    expect(link.params.resume).toBe(STORED_ID);
    const privateDir = link.params.env?.['CLAUDE_CONFIG_DIR'];
    expect(privateDir).toBeDefined();
    expect(privateDir).not.toBe(configDir);
    const sessionDir = join(privateDir as string, 'projects', projectKey);
    const main = await readFile(join(sessionDir, `${STORED_ID}.jsonl`), 'utf8');
    expect(
      main
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([entry(1), entry(2)]);
    const sub = await readFile(join(sessionDir, STORED_ID, 'subagents', 'agent-a1.jsonl'), 'utf8');
    expect(JSON.parse(sub)).toEqual(entry(3));
    // Frames of the resumed CLI are mapped relative to its private config dir.
    link.mirror({ filePath: join(sessionDir, `${STORED_ID}.jsonl`), entries: [entry(4)] });
    const client = await attach(created.ws_url);
    link.exit({ exitCode: 0, signal: null });
    await client.closed;
    expect(store.appends).toEqual([{ key: { projectKey, sessionId: STORED_ID }, count: 1 }]);
    await expect(stat(privateDir as string)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('should answer 404 for a session the store does not hold', async () => {
    const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', {
      token: TOKEN,
      body: { resume: STORED_ID },
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'session_not_found' } });
    expect(links).toHaveLength(0);
  });

  it('should answer 500 resume_failed when the store fails to load', async () => {
    await seedStored();
    store.failLoad = true;
    const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', {
      token: TOKEN,
      body: { resume: STORED_ID },
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({ error: { code: 'resume_failed' } });
    expect(links).toHaveLength(0);
  });
});
