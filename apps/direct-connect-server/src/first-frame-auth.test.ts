import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FakeCliLink } from '../test/fake-cli-link.js';
import { type FakeLinkServer, startFakeLinkServer } from '../test/fake-link-server.js';
import { call, openSocket } from '../test/http-client.js';
import type { DirectConnectServer } from './direct-connect-server.js';
import { MAX_AUTH_FRAME_BYTES } from './limits.js';
import type { LogEntry } from './logger.js';
import type { DirectConnectServerOptions } from './server-options.js';

const TOKEN = 'first-frame-token-0123456789';
const ORIGIN = 'http://app.test:5173';
const AUTH = JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: TOKEN } });

let harness: FakeLinkServer | undefined;
let server: DirectConnectServer | undefined;
let links: FakeCliLink[];
let logs: LogEntry[];

afterEach(async () => {
  await harness?.close();
  harness = undefined;
  server = undefined;
});

async function start(options: Partial<DirectConnectServerOptions> = {}): Promise<DirectConnectServer> {
  harness = await startFakeLinkServer({ token: TOKEN, allowedOrigins: [ORIGIN], ...options });
  ({ server, links, logs } = harness);
  return harness.server;
}

async function create(): Promise<{ session_id: string; ws_url: string }> {
  const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', { token: TOKEN, body: {} });
  expect(answer.status).toBe(201);
  return answer.body as { session_id: string; ws_url: string };
}

/** A socket opened the way a browser opens one: an `Origin`, no `Authorization` header. */
interface BrowserSocket {
  socket: WebSocket;
  frames: string[];
  closed: Promise<{ code: number; reason: string }>;
}

function openBrowserSocket(
  url: string,
  options: { origin?: string; headers?: Record<string, string> } = { origin: ORIGIN },
): Promise<BrowserSocket | { refused: number; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      ...(options.origin === undefined ? {} : { origin: options.origin }),
      headers: options.headers ?? {},
    });
    const frames: string[] = [];
    socket.on('message', (data: Buffer) => frames.push(data.toString('utf8')));
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: reason.toString('utf8') })),
    );
    socket.on('open', () => resolve({ socket, frames, closed }));
    socket.on('unexpected-response', (_req, res) => {
      const retryAfter = res.headers['retry-after'];
      resolve({
        refused: res.statusCode ?? 0,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
      });
      res.resume();
    });
    socket.on('error', reject);
  });
}

async function openedBrowserSocket(url: string): Promise<BrowserSocket> {
  const opened = await openBrowserSocket(url);
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

/** No entry holds the token, and none had to be redacted: no code path even tried to log it. */
function expectNoTokenInLogs(): void {
  expect(JSON.stringify(logs)).not.toContain(TOKEN);
  expect(logs.filter((entry) => entry['redacted'] === true)).toEqual([]);
}

describe('first-frame authentication', () => {
  it('should attach a browser socket whose first frame is the auth message, and never forward that frame', async () => {
    await start();
    const { ws_url, session_id } = await create();
    links[0]?.emit('{"early":1}');
    const client = await openedBrowserSocket(ws_url);
    // The auth frame and the first line back to back: the line must reach the CLI, the auth frame not.
    client.socket.send(AUTH);
    client.socket.send('{"type":"user","n":1}\n');
    await until(() => (links[0]?.received.length ?? 0) === 1);
    expect(links[0]?.received.map((line) => line.toString('utf8'))).toEqual(['{"type":"user","n":1}']);
    await until(() => client.frames.length === 1);
    links[0]?.emit('{"late":2}');
    await until(() => client.frames.length === 2);
    expect(client.frames).toEqual(['{"early":1}\n', '{"late":2}\n']);
    const info = await call(server?.httpUrl ?? '', 'GET', `/sessions/${session_id}`, { token: TOKEN });
    expect(info.body).toMatchObject({ attached: true });
    client.socket.send('');
    await until(() => links[0]?.inputEnded === true);
    expectNoTokenInLogs();
  });

  it('should take the auth message as a binary frame or with a trailing newline', async () => {
    await start();
    for (const frame of [Buffer.from(AUTH), `${AUTH}\n`]) {
      const { ws_url } = await create();
      const client = await openedBrowserSocket(ws_url);
      client.socket.send(frame);
      client.socket.send('{"ok":true}\n');
      await until(() => (links.at(-1)?.received.length ?? 0) === 1);
      client.socket.close();
      await client.closed;
    }
  });

  it('should close with AUTH_FAILED for a wrong token, without echoing it, and forward nothing', async () => {
    await start();
    const { ws_url, session_id } = await create();
    const client = await openedBrowserSocket(ws_url);
    const wrong = 'wrong-token-that-is-long-enough';
    client.socket.send(JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: wrong } }));
    client.socket.send('{"type":"user"}\n');
    const closed = await client.closed;
    expect(closed.code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_FAILED);
    expect(closed.reason).not.toContain(wrong);
    expect(links[0]?.received).toEqual([]);
    expect(JSON.stringify(logs)).not.toContain(wrong);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'auth.rejected', reason: 'first_frame_wrong_token' }),
    );
    // The session is free for a client with the right credential.
    const info = await call(server?.httpUrl ?? '', 'GET', `/sessions/${session_id}`, { token: TOKEN });
    expect(info.body).toMatchObject({ attached: false });
    expect('socket' in (await openSocket(ws_url, TOKEN))).toBe(true);
  });

  it.each([
    ['malformed JSON', `{"type":"auth","credential":{"type":"oauth","token":"${TOKEN}"}`],
    ['a JSON string', JSON.stringify(AUTH)],
    ['an array', `[${AUTH}]`],
    ['another type', JSON.stringify({ type: 'user', credential: { type: 'oauth', token: TOKEN } })],
    [
      'another credential type',
      JSON.stringify({ type: 'auth', credential: { type: 'basic', token: TOKEN } }),
    ],
    ['an extra key', JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: TOKEN }, x: 1 })],
    ['a numeric token', JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: 42 } })],
    ['an empty token', JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: '' } })],
    ['a user line', '{"type":"user","message":{"role":"user","content":"hi"}}\n'],
    ['the end-of-input frame', ''],
    ['binary junk', Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80])],
    ['the token alone', TOKEN],
  ])('should close with AUTH_FAILED for a first frame that is %s', async (_label, frame) => {
    await start();
    const { ws_url } = await create();
    const client = await openedBrowserSocket(ws_url);
    client.socket.send(frame);
    const closed = await client.closed;
    expect(closed.code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_FAILED);
    expect(closed.reason).not.toContain(TOKEN);
    expect(links[0]?.received).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'auth.rejected', reason: 'first_frame_invalid' }),
    );
    expectNoTokenInLogs();
  });

  it('should close a first frame past MAX_AUTH_FRAME_BYTES with 1009, even one holding the right token', async () => {
    await start();
    const { ws_url } = await create();
    const client = await openedBrowserSocket(ws_url);
    const padded = JSON.stringify({
      type: 'auth',
      credential: { type: 'oauth', token: TOKEN },
    }).padEnd(MAX_AUTH_FRAME_BYTES + 1, ' ');
    client.socket.send(padded);
    expect((await client.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.MESSAGE_TOO_BIG);
    expect(links[0]?.received).toEqual([]);
    expectNoTokenInLogs();
  });

  it('should close at once, with 1009, a socket whose first frame is far bigger, without reading it all', async () => {
    await start();
    const { ws_url } = await create();
    const client = await openedBrowserSocket(ws_url);
    const startedAt = Date.now();
    client.socket.send(Buffer.alloc(8 * 1024 * 1024, 0x20));
    const closed = await client.closed;
    expect(closed.code).toBe(DIRECT_CONNECT_CLOSE_CODES.MESSAGE_TOO_BIG);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'auth.rejected', reason: 'first_frame_too_large' }),
    );
  });

  it('should close with AUTH_TIMEOUT when no frame comes within authDeadlineMs', async () => {
    await start({ authDeadlineMs: 100 });
    const { ws_url } = await create();
    const client = await openedBrowserSocket(ws_url);
    const startedAt = Date.now();
    const closed = await client.closed;
    expect(closed.code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_TIMEOUT);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(80);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'auth.rejected', reason: 'first_frame_timeout' }),
    );
  });

  it('should refuse the upgrade with 503 and Retry-After past maxPendingAuthSockets, and take one again once a slot is free', async () => {
    await start({ maxPendingAuthSockets: 2 });
    const { ws_url } = await create();
    const first = await openedBrowserSocket(ws_url);
    await openedBrowserSocket(ws_url);
    expect(await openBrowserSocket(ws_url)).toEqual({ refused: 503, retryAfter: '5' });
    expect(logs).toContainEqual(expect.objectContaining({ event: 'auth.pending_limit', pending: 2 }));
    // A header client is not held back by browsers that have not authenticated.
    expect('socket' in (await openSocket(ws_url, TOKEN))).toBe(true);
    first.socket.send('not auth');
    await first.closed;
    await until(() => logs.filter((e) => e.event === 'auth.rejected').length === 1);
    expect('socket' in (await openBrowserSocket(ws_url))).toBe(true);
  });

  it('should close with SESSION_NOT_FOUND when the authenticated socket names no session', async () => {
    const { port } = await start();
    const client = await openedBrowserSocket(`ws://127.0.0.1:${port}/sessions/no-such-session/ws`);
    client.socket.send(AUTH);
    expect((await client.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.SESSION_NOT_FOUND);
  });

  it('should answer 404 before the upgrade for a path that is no session socket', async () => {
    const { port } = await start();
    expect(await openBrowserSocket(`ws://127.0.0.1:${port}/elsewhere`)).toMatchObject({ refused: 404 });
  });

  it('should close with SESSION_BUSY when another client is attached by then', async () => {
    await start();
    const { ws_url } = await create();
    const browser = await openedBrowserSocket(ws_url);
    const holder = await openSocket(ws_url, TOKEN);
    expect('socket' in holder).toBe(true);
    browser.socket.send(AUTH);
    expect((await browser.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.SESSION_BUSY);
  });

  it('should close with TRANSPORT_MISMATCH when the session is read over SSE', async () => {
    const { httpUrl } = await start();
    const { ws_url, session_id } = await create();
    const stream = new AbortController();
    const answer = await fetch(`${httpUrl}/sessions/${session_id}/events/stream`, {
      headers: { authorization: `Bearer ${TOKEN}` },
      signal: stream.signal,
    });
    expect(answer.status).toBe(200);
    const browser = await openedBrowserSocket(ws_url);
    browser.socket.send(AUTH);
    expect((await browser.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.TRANSPORT_MISMATCH);
    stream.abort();
  });

  it('should still refuse with 401 before the upgrade a header that is present but wrong, origin or not', async () => {
    await start();
    const { ws_url } = await create();
    for (const origin of [ORIGIN, undefined]) {
      for (const authorization of ['Bearer wrong-token-0123456789', '', `Basic ${TOKEN}`]) {
        expect(await openBrowserSocket(ws_url, { origin, headers: { authorization } })).toMatchObject({
          refused: 401,
        });
      }
    }
    expectNoTokenInLogs();
  });

  it('should keep refusing with 401 a socket with neither header nor Origin (not a browser)', async () => {
    await start();
    const { ws_url } = await create();
    expect(await openBrowserSocket(ws_url, {})).toMatchObject({ refused: 401 });
  });

  it('should accept a header-authenticated socket from an allowed origin as before', async () => {
    await start();
    const { ws_url } = await create();
    const client = await openBrowserSocket(ws_url, {
      origin: ORIGIN,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    if ('refused' in client) throw new Error('refused');
    client.socket.send('{"x":1}\n');
    await until(() => (links[0]?.received.length ?? 0) === 1);
  });

  it('should never take a token from the URL', async () => {
    const { httpUrl } = await start({ authDeadlineMs: 100 });
    const { ws_url } = await create();
    const withToken = `${ws_url}?token=${TOKEN}`;
    expect(await openBrowserSocket(withToken, {})).toMatchObject({ refused: 401 });
    const browser = await openedBrowserSocket(withToken);
    expect((await browser.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.AUTH_TIMEOUT);
    expect((await call(httpUrl, 'GET', `/health?token=${TOKEN}`)).status).toBe(401);
    expect((await call(httpUrl, 'POST', `/sessions?access_token=${TOKEN}`, { body: {} })).status).toBe(401);
    expect(links).toHaveLength(1);
    expect(links[0]?.received).toEqual([]);
    expect(logs.filter((e) => e.event === 'auth.rejected').length).toBeGreaterThanOrEqual(4);
    expectNoTokenInLogs();
  });

  it('should close waiting sockets with 1001 on shutdown', async () => {
    await start();
    const { ws_url } = await create();
    const client = await openedBrowserSocket(ws_url);
    await server?.close();
    expect((await client.closed).code).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
  });

  it('should leave another session undisturbed by every refusal, and log no token across them', async () => {
    await start({ authDeadlineMs: 100, maxPendingAuthSockets: 3 });
    const victim = await create();
    const bystander = await create();
    const attached = await openSocket(bystander.ws_url, TOKEN);
    if ('refused' in attached) throw new Error('refused');
    const hostile: Promise<unknown>[] = [];
    for (const frame of [
      'junk',
      JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: 'x' } }),
    ]) {
      const client = await openedBrowserSocket(victim.ws_url);
      client.socket.send(frame);
      hostile.push(client.closed);
    }
    hostile.push((await openedBrowserSocket(victim.ws_url)).closed);
    hostile.push(openBrowserSocket(victim.ws_url, { origin: 'http://evil.test' }));
    hostile.push(openBrowserSocket(victim.ws_url, { origin: 'null' }));
    const big = await openedBrowserSocket(victim.ws_url);
    big.socket.send(Buffer.alloc(64 * 1024));
    hostile.push(big.closed);
    for (let i = 0; i < 5; i++) links[1]?.emit(`{"n":${i}}`);
    attached.socket.send('{"still":"talking"}\n');
    await Promise.all(hostile);
    await until(() => attached.frames.length === 5 && links[1]?.received.length === 1);
    expect(attached.frames).toEqual([0, 1, 2, 3, 4].map((n) => `{"n":${n}}\n`));
    expect(links[0]?.received).toEqual([]);
    expect(server?.sessions().map((s) => s.attached)).toEqual([false, true]);
    expectNoTokenInLogs();
  });
});
