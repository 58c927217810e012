import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { InMemorySessionStore } from '@ccsdk/session-store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeCliLink, fakeLinkFactory } from '../../test/fake-cli-link.js';
import { call, type OpenSocket, openSocket } from '../../test/http-client.js';
import { openStream } from '../../test/sse-client.js';
import { type DirectConnectServer, startDirectConnectServer } from '../direct-connect-server.js';
import type { LogEntry } from '../logger.js';
import type { DirectConnectServerOptions } from '../server-options.js';
import { SSE_EVENTS_PROJECT_KEY } from '../sse/event-store.js';
import { TokensFileError } from './tokens-file-error.js';

const A = 'team-a-secret-token-0123456789';
const B = 'team-b-secret-token-9876543210';
const C = 'team-c-secret-token-5555555555';
const ORIGIN = 'http://app.example';

let base: string;
let root: string;
let tokensFile: string;
let server: DirectConnectServer | undefined;
let links: FakeCliLink[];
let logs: LogEntry[];

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-tokens-server-')));
  root = join(base, 'root');
  tokensFile = join(base, 'tokens.json');
  await mkdir(root, { recursive: true });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(base, { recursive: true, force: true });
});

async function writeTokens(entries: object[] | string): Promise<void> {
  await writeFile(tokensFile, typeof entries === 'string' ? entries : JSON.stringify({ tokens: entries }));
  await chmod(tokensFile, 0o600);
}

async function start(
  entries: object[],
  options: Partial<DirectConnectServerOptions> = {},
): Promise<DirectConnectServer> {
  await writeTokens(entries);
  const fake = fakeLinkFactory();
  links = fake.links;
  logs = [];
  server = await startDirectConnectServer({
    tokensFile,
    roots: [root],
    createCliLink: fake.factory,
    allowedOrigins: [ORIGIN],
    logger: (entry) => logs.push(entry),
    ...options,
  });
  return server;
}

async function create(token: string): Promise<{ session_id: string; ws_url: string }> {
  const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', { token, body: {} });
  expect(answer.status).toBe(201);
  return answer.body as { session_id: string; ws_url: string };
}

async function attach(wsUrl: string, token: string): Promise<OpenSocket> {
  const opened = await openSocket(wsUrl, token);
  if ('refused' in opened) throw new Error(`upgrade refused with ${opened.refused}`);
  return opened;
}

/** Opens a browser-style socket (no header) that authenticates with its first frame. */
function firstFrameClose(wsUrl: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, { headers: { origin: ORIGIN } });
    socket.on('open', () =>
      socket.send(JSON.stringify({ type: 'auth', credential: { type: 'oauth', token } })),
    );
    socket.on('close', (code) => resolve(code));
    socket.on('error', reject);
  });
}

function expectNoTokenLogged(): void {
  const text = JSON.stringify(logs);
  for (const token of [A, B, C]) expect(text).not.toContain(token);
}

describe('tokens from a file', () => {
  it('should let each token in, refuse others 401, and log names', async () => {
    const { httpUrl, url } = await start([
      { name: 'team-a', token: A },
      { name: 'team-b', token: B },
    ]);
    expect(url).toMatch(/^cc:\/\/127\.0\.0\.1:\d+$/);
    expect((await call(httpUrl, 'GET', '/health', { token: A })).status).toBe(200);
    expect((await call(httpUrl, 'GET', '/health', { token: B })).status).toBe(200);
    expect((await call(httpUrl, 'GET', '/health', { token: C })).status).toBe(401);
    expect((await call(httpUrl, 'POST', '/sessions', { token: C, body: {} })).status).toBe(401);
    await create(A);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'session.created', principal: 'team-a' }));
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'server.listening', tokens: ['team-a', 'team-b'] }),
    );
    expectNoTokenLogged();
  });

  it('should refuse to start with a bad file, quoting no token', async () => {
    await expect(
      start([
        { name: 'team-a', token: A },
        { name: 'team-b', token: A },
      ]),
    ).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof TokensFileError &&
        error.code === 'TOKENS_FILE_INVALID' &&
        !error.message.includes(A),
    );
  });

  it("should answer 404 for another token's session on every route, and close 4400 over first-frame auth", async () => {
    const { httpUrl } = await start([
      { name: 'team-a', token: A },
      { name: 'team-b', token: B },
    ]);
    const { session_id, ws_url } = await create(A);
    expect((await call(httpUrl, 'GET', `/sessions/${session_id}`, { token: B })).status).toBe(404);
    expect((await call(httpUrl, 'DELETE', `/sessions/${session_id}`, { token: B })).status).toBe(404);
    expect((await call(httpUrl, 'GET', `/sessions/${session_id}/events/stream`, { token: B })).status).toBe(
      404,
    );
    const post = await call(httpUrl, 'POST', `/sessions/${session_id}/events`, {
      token: B,
      body: { type: 'user', message: { role: 'user', content: 'hi' } },
    });
    expect(post.status).toBe(404);
    expect(await openSocket(ws_url, B)).toEqual({ refused: 404 });
    expect(await firstFrameClose(ws_url, B)).toBe(DIRECT_CONNECT_CLOSE_CODES.SESSION_NOT_FOUND);
    // Nothing reached the CLI, and the owner still has it.
    expect(links[0]?.received).toEqual([]);
    expect((await call(httpUrl, 'GET', `/sessions/${session_id}`, { token: A })).status).toBe(200);
    const client = await attach(ws_url, A);
    client.socket.send('{"type":"ping"}\n');
    await until(() => links[0]?.received.length === 1);
    client.socket.close();
  });

  it("should not replay another token's session from the shared store on a server that does not host it", async () => {
    const store = new InMemorySessionStore();
    const tokens = [
      { name: 'team-a', token: A },
      { name: 'team-b', token: B },
    ];
    await start(tokens, { sessionStore: store });
    const other = await startDirectConnectServer({
      tokensFile,
      roots: [root],
      createCliLink: fakeLinkFactory().factory,
      sessionStore: store,
      logger: () => undefined,
    });
    try {
      const { session_id } = await create(A);
      const streamPath = `/sessions/${session_id}/events/stream`;
      const hosted = await openStream(server?.httpUrl ?? '', streamPath, { token: A });
      links[0]?.emit('{"type":"assistant","n":1}');
      await hosted.waitFor((s) => s.events.length === 1);
      const key = { projectKey: SSE_EVENTS_PROJECT_KEY, sessionId: session_id };
      await until(() => store.getEntries(key).length === 1);
      expect(store.getEntries(key)[0]).toMatchObject({ owner: 'team-a' });
      // The other server reads the log from the store: for its owner only.
      const refused = await openStream(other.httpUrl, streamPath, { token: B });
      await refused.ended;
      expect(refused.status).toBe(404);
      const owned = await openStream(other.httpUrl, `${streamPath}?from_sequence_num=0`, { token: A });
      await owned.waitFor((s) => s.events.length === 1);
      expect(owned.status).toBe(200);
      owned.close();
      hosted.close();
    } finally {
      await other.close();
    }
  });

  it('should keep session_key per token', async () => {
    const { httpUrl } = await start([
      { name: 'team-a', token: A },
      { name: 'team-b', token: B },
    ]);
    const first = await call(httpUrl, 'POST', '/sessions', { token: A, body: { session_key: 'k' } });
    const other = await call(httpUrl, 'POST', '/sessions', { token: B, body: { session_key: 'k' } });
    const again = await call(httpUrl, 'POST', '/sessions', { token: A, body: { session_key: 'k' } });
    expect([first.status, other.status, again.status]).toEqual([201, 201, 200]);
    const id = (answer: typeof first) => (answer.body as { session_id: string }).session_id;
    expect(id(other)).not.toBe(id(first));
    expect(id(again)).toBe(id(first));
  });
});

describe('per-token limits', () => {
  it('should refuse past maxSessions with 429 token_session_limit, for that token only', async () => {
    const { httpUrl } = await start([
      { name: 'team-a', token: A, maxSessions: 2 },
      { name: 'team-b', token: B },
    ]);
    const [one] = await Promise.all([create(A), create(A)]);
    const refused = await call(httpUrl, 'POST', '/sessions', { token: A, body: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect((refused.body as { error: { code: string } }).error.code).toBe('token_session_limit');
    expect(logs).toContainEqual(
      expect.objectContaining({
        event: 'session.create_refused',
        status: 429,
        code: 'token_session_limit',
        principal: 'team-a',
      }),
    );
    await create(B);
    // Ending one gives its slot back.
    expect((await call(httpUrl, 'DELETE', `/sessions/${one?.session_id}`, { token: A })).status).toBe(204);
    await create(A);
  });

  it('should refuse past the create rate with 429 rate_limited and Retry-After', async () => {
    const { httpUrl } = await start([
      { name: 'team-a', token: A, createsPerMinute: 1, createBurst: 2 },
      { name: 'team-b', token: B, createsPerMinute: 1, createBurst: 1 },
    ]);
    await create(A);
    await create(A);
    const refused = await call(httpUrl, 'POST', '/sessions', { token: A, body: {} });
    expect(refused.status).toBe(429);
    expect((refused.body as { error: { code: string } }).error.code).toBe('rate_limited');
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    await create(B);
    expect((await call(httpUrl, 'POST', '/sessions', { token: B, body: {} })).status).toBe(429);
  });

  it('should put no per-token limit on the single token', async () => {
    const fake = fakeLinkFactory();
    server = await startDirectConnectServer({
      token: A,
      roots: [root],
      createCliLink: fake.factory,
      logger: () => undefined,
    });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(server?.httpUrl ?? '', 'POST', '/sessions', { token: A, body: {} }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(201));
    await expect(server.reloadTokens()).rejects.toMatchObject({ code: 'NO_TOKENS_FILE' });
  });
});

describe('reloadTokens', () => {
  it('should keep every session, refuse the removed token, let the added one in', async () => {
    const { httpUrl } = await start([
      { name: 'team-a', token: A },
      { name: 'team-b', token: B },
    ]);
    const session = await create(A);
    const client = await attach(session.ws_url, A);
    await writeTokens([
      { name: 'team-b', token: B },
      { name: 'team-c', token: C },
    ]);
    expect(await server?.reloadTokens()).toEqual({ tokens: 2, added: ['team-c'], removed: ['team-a'] });
    // The session of the removed token goes on over its socket.
    links[0]?.emit('{"type":"assistant"}');
    await until(() => client.frames.length === 1);
    client.socket.send('{"type":"user"}\n');
    await until(() => links[0]?.received.length === 1);
    expect((await call(httpUrl, 'POST', '/sessions', { token: A, body: {} })).status).toBe(401);
    expect((await call(httpUrl, 'GET', `/sessions/${session.session_id}`, { token: A })).status).toBe(401);
    await create(C);
    expect(server?.sessions()).toHaveLength(2);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'tokens.reloaded', removed: ['team-a'] }));
    client.socket.close();
    // Once detached it cannot attach again with the removed token.
    await client.closed;
    expect(await openSocket(session.ws_url, A)).toEqual({ refused: 401 });
    expectNoTokenLogged();
  });

  it('should keep the old tokens when the new file is bad, and log it without a token', async () => {
    const { httpUrl } = await start([{ name: 'team-a', token: A }]);
    await writeTokens(`{"tokens":[{"name":"team-c","token":"${C}"`);
    await expect(server?.reloadTokens()).rejects.toMatchObject({ code: 'TOKENS_FILE_INVALID' });
    await writeTokens([{ name: 'team-c', token: C, maxSessions: 0 }]);
    await expect(server?.reloadTokens()).rejects.toMatchObject({
      code: 'TOKENS_FILE_INVALID',
      field: 'maxSessions',
    });
    await rm(tokensFile);
    await expect(server?.reloadTokens()).rejects.toMatchObject({ code: 'TOKENS_FILE_UNREADABLE' });
    expect((await call(httpUrl, 'GET', '/health', { token: A })).status).toBe(200);
    expect((await call(httpUrl, 'GET', '/health', { token: C })).status).toBe(401);
    expect(logs.filter((entry) => entry.event === 'tokens.reload_failed')).toHaveLength(3);
    expect(logs.some((entry) => entry.redacted === true)).toBe(false);
    expectNoTokenLogged();
  });

  it('should redact an entry holding a token added by a reload', async () => {
    await start([{ name: 'team-a', token: A }]);
    await writeTokens([{ name: 'team-c', token: C }]);
    await server?.reloadTokens();
    const { httpUrl } = server as DirectConnectServer;
    // No route logs a token; a request whose path holds one proves the wrapper covers it.
    await call(httpUrl, 'GET', `/x/${C}`, { token: 'wrong-token-0123456789abcdef' });
    // The redacted entry keeps only its level, event and request id.
    const rejected = logs.find((entry) => entry.event === 'auth.rejected');
    expect(rejected).toEqual({
      level: 'warn',
      event: 'auth.rejected',
      requestId: expect.any(String),
      redacted: true,
    });
    expectNoTokenLogged();
  });
});

describe('attached idle timeout', () => {
  it('should end a session whose attached client is silent, with 4408, but never during a turn', async () => {
    await start([{ name: 'team-a', token: A }], { attachedIdleTimeoutMs: 300 });
    const quiet = await create(A);
    const quietClient = await attach(quiet.ws_url, A);
    expect(await quietClient.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.IDLE_TIMEOUT);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'session.idle_timeout', sessionId: quiet.session_id, attached: true }),
    );

    const busy = await create(A);
    const client = await attach(busy.ws_url, A);
    const link = links[1] as FakeCliLink;
    let closedAt: number | undefined;
    void client.closed.then(() => {
      closedAt = Date.now();
    });
    client.socket.send('{"type":"user","message":{"role":"user","content":"hi"}}\n');
    await until(() => link.received.length === 1);
    // The turn runs with nothing said for well past the limit: not idle.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(closedAt).toBeUndefined();
    const resultAt = Date.now();
    link.emit('{"type":"result","subtype":"success"}');
    expect(await client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.IDLE_TIMEOUT);
    expect((closedAt ?? 0) - resultAt).toBeGreaterThanOrEqual(250);
  });
});

async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
