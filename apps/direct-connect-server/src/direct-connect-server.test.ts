import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCliLink, fakeLinkFactory } from '../test/fake-cli-link.js';
import { call, type OpenSocket, openSocket } from '../test/http-client.js';
import { type DirectConnectServer, startDirectConnectServer } from './direct-connect-server.js';
import type { LogEntry } from './logger.js';
import type { DirectConnectServerOptions } from './server-options.js';

const TOKEN = 'test-token-0123456789abcdef';

let base: string;
let root: string;
let server: DirectConnectServer | undefined;
let links: FakeCliLink[];
let logs: LogEntry[];

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-dcs-')));
  root = join(base, 'root');
  await mkdir(join(root, 'project'), { recursive: true });
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(base, { recursive: true, force: true });
});

async function start(options: Partial<DirectConnectServerOptions> = {}): Promise<DirectConnectServer> {
  const fake = fakeLinkFactory();
  links = fake.links;
  logs = [];
  server = await startDirectConnectServer({
    token: TOKEN,
    roots: [root],
    createCliLink: fake.factory,
    logger: (entry) => logs.push(entry),
    ...options,
  });
  return server;
}

async function create(body: object = {}): Promise<{ session_id: string; ws_url: string; work_dir: string }> {
  const answer = await call(server?.httpUrl ?? '', 'POST', '/sessions', { token: TOKEN, body });
  expect(answer.status).toBe(201);
  return answer.body as { session_id: string; ws_url: string; work_dir: string };
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

describe('authentication', () => {
  it.each([
    ['no header', undefined],
    ['a wrong token', 'wrong-token-0123456789abcdef'],
    ['a prefix of the token', TOKEN.slice(0, -1)],
    ['the token plus a character', `${TOKEN}x`],
  ])('should answer 401 to every route with %s', async (_label, token) => {
    const { httpUrl } = await start();
    for (const [method, path] of [
      ['GET', '/health'],
      ['POST', '/sessions'],
      ['GET', '/sessions/x'],
      ['DELETE', '/sessions/x'],
      ['GET', '/nowhere'],
    ] as const) {
      const answer = await call(httpUrl, method, path, token === undefined ? {} : { token });
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.body).toMatchObject({ error: { code: 'unauthorized' } });
    }
    expect(links).toEqual([]);
    expect(logs.filter((e) => e.event === 'auth.rejected')).toHaveLength(5);
  });

  it('should refuse the WebSocket upgrade with 401 for a wrong or missing token', async () => {
    await start();
    const { ws_url } = await create();
    expect(await openSocket(ws_url, 'wrong-token-0123456789abcdef')).toEqual({ refused: 401 });
    expect(await openSocket(ws_url, undefined)).toEqual({ refused: 401 });
  });

  it('should accept the scheme in any case', async () => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'GET', '/health', { headers: { authorization: `bEaReR ${TOKEN}` } });
    expect(answer.status).toBe(200);
  });

  it('should never write the token into a log entry', async () => {
    await start();
    const { ws_url } = await create({ session_key: 'k' });
    await call(server?.httpUrl ?? '', 'GET', '/health', { token: 'nope-nope-nope-nope-nope' });
    const client = await attach(ws_url);
    client.socket.close();
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });
});

describe('POST /sessions', () => {
  it('should spawn a session in the first root and answer 201 with session_id, ws_url and work_dir', async () => {
    const { httpUrl, port } = await start();
    const body = await create();
    expect(body.work_dir).toBe(root);
    expect(body.ws_url).toBe(`ws://127.0.0.1:${port}/sessions/${body.session_id}/ws`);
    expect(links[0]?.params).toMatchObject({ cwd: root, sessionMirror: false });
    expect(links[0]?.started).toBe(true);
    const info = await call(httpUrl, 'GET', `/sessions/${body.session_id}`, { token: TOKEN });
    expect(info.body).toMatchObject({ session_id: body.session_id, work_dir: root, attached: false });
  });

  it('should run a relative or absolute cwd inside the roots and pass the permission mode', async () => {
    await start();
    expect((await create({ cwd: 'project', permission_mode: 'plan' })).work_dir).toBe(join(root, 'project'));
    expect((await create({ cwd: join(root, 'project') })).work_dir).toBe(join(root, 'project'));
    expect(links[0]?.params.permissionMode).toBe('plan');
  });

  it.each([
    ['a parent folder', '..'],
    ['an absolute path elsewhere', '/'],
    ['a missing folder outside', '/definitely/not/here'],
  ])('should answer 403 for %s', async (_label, cwd) => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: { cwd } });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'cwd_outside_roots' } });
    expect(links).toEqual([]);
  });

  it('should answer 403 for a symbolic link inside a root that points out of it', async () => {
    await symlink(base, join(root, 'escape'));
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: { cwd: 'escape' } });
    expect(answer.status).toBe(403);
  });

  it('should answer 400 for a missing folder or a file inside a root', async () => {
    await writeFile(join(root, 'file.txt'), 'x');
    const { httpUrl } = await start();
    for (const cwd of ['missing', 'file.txt']) {
      const answer = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: { cwd } });
      expect(answer.status).toBe(400);
    }
  });

  it('should answer 403 for a permission mode the server does not allow', async () => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: { permission_mode: 'bypassPermissions' },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'permission_mode_not_allowed' } });
  });

  it.each([
    ['not JSON', '{nope', 'invalid_json'],
    ['an array', '[1]', 'invalid_body'],
    ['a numeric cwd', '{"cwd":5}', 'invalid_field'],
    ['a resume that is not a UUID', '{"resume":"x"}', 'invalid_field'],
  ])('should answer 400 for a body that is %s', async (_label, body, code) => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code } });
  });

  it('should answer 413 for a body past the limit', async () => {
    const { httpUrl } = await start({ maxRequestBodyBytes: 100 });
    const answer = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: { cwd: 'x'.repeat(200) } });
    expect(answer.status).toBe(413);
  });

  it('should answer 503 with Retry-After past maxSessions, and take sessions again once one ended', async () => {
    const { httpUrl } = await start({ maxSessions: 2 });
    const first = await create();
    await create();
    const refused = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ error: { code: 'too_many_sessions' } });
    expect((await call(httpUrl, 'DELETE', `/sessions/${first.session_id}`, { token: TOKEN })).status).toBe(
      204,
    );
    await create();
  });

  it('should answer 200 with the same session for a repeated live session_key', async () => {
    const { httpUrl } = await start();
    const first = await create({ session_key: 'job-42' });
    const again = await call(httpUrl, 'POST', '/sessions', { token: TOKEN, body: { session_key: 'job-42' } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ session_id: first.session_id, session_key: 'job-42' });
    expect(links).toHaveLength(1);
  });

  it('should answer 500 and free the slot when the CLI cannot start', async () => {
    const fake = fakeLinkFactory({ failStart: new Error('no claude here') });
    server = await startDirectConnectServer({
      token: TOKEN,
      roots: [root],
      createCliLink: fake.factory,
      maxSessions: 1,
      logger: () => undefined,
    });
    for (let i = 0; i < 2; i++) {
      const answer = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ error: { code: 'spawn_failed' } });
    }
  });

  it('should refuse resume without a session store', async () => {
    const { httpUrl } = await start();
    const answer = await call(httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: { resume: '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'resume_unavailable' } });
  });
});

describe('the WebSocket bridge', () => {
  it('should hand client lines to the CLI byte for byte, without reparsing, across frame boundaries', async () => {
    await start();
    const client = await attach((await create()).ws_url);
    const odd = '{ "type" : "user",   "x": 1.50, "s":"é\\u00e9" }';
    client.socket.send(`${odd}\n{"a":`);
    client.socket.send('2}\n');
    await until(() => (links[0]?.received.length ?? 0) === 2);
    expect(links[0]?.received.map((b) => b.toString('utf8'))).toEqual([odd, '{"a":2}']);
  });

  it('should end the CLI input on the zero-byte frame', async () => {
    await start();
    const client = await attach((await create()).ws_url);
    client.socket.send('');
    await until(() => links[0]?.inputEnded === true);
  });

  it('should send each CLI line as one frame, and buffer lines until a client attaches', async () => {
    await start();
    const { ws_url } = await create();
    links[0]?.emit('{"early":1}');
    links[0]?.emit('{"early":2}');
    const client = await attach(ws_url);
    links[0]?.emit('{"late":3}');
    await until(() => client.frames.length === 3);
    expect(client.frames).toEqual(['{"early":1}\n', '{"early":2}\n', '{"late":3}\n']);
  });

  it('should refuse a second client with 409 and an unknown session with 404', async () => {
    const { port } = await start();
    const { ws_url } = await create();
    await attach(ws_url);
    expect(await openSocket(ws_url, TOKEN)).toEqual({ refused: 409 });
    expect(await openSocket(`ws://127.0.0.1:${port}/sessions/nope/ws`, TOKEN)).toEqual({ refused: 404 });
    expect(await openSocket(`ws://127.0.0.1:${port}/elsewhere`, TOKEN)).toEqual({ refused: 404 });
  });

  it('should answer 404 to an upgrade whose session id is not valid percent-encoding, and keep serving', async () => {
    const { port, httpUrl } = await start();
    expect(await openSocket(`ws://127.0.0.1:${port}/sessions/%E0%A4%A/ws`, TOKEN)).toEqual({ refused: 404 });
    expect((await call(httpUrl, 'GET', '/health', { token: TOKEN })).status).toBe(200);
  });

  it('should let a client attach again after it disconnected and get what was written meanwhile', async () => {
    await start();
    const { ws_url } = await create();
    const first = await attach(ws_url);
    first.socket.close();
    await first.closed;
    await until(() => logs.some((e) => e.event === 'session.detached'));
    links[0]?.emit('{"while":"away"}');
    const second = await attach(ws_url);
    await until(() => second.frames.length === 1);
    expect(second.frames).toEqual(['{"while":"away"}\n']);
  });

  it('should close a frame past maxMessageBytes with 1009', async () => {
    await start({ maxMessageBytes: 1024 });
    const client = await attach((await create()).ws_url);
    client.socket.send(`${'x'.repeat(2000)}\n`);
    expect(await client.closed).toBe(1009);
  });

  it('should drop a client line past maxMessageBytes sent in pieces, log it, and go on', async () => {
    await start({ maxMessageBytes: 1024 });
    const client = await attach((await create()).ws_url);
    for (let i = 0; i < 3; i++) client.socket.send('y'.repeat(600));
    client.socket.send('\n{"ok":true}\n');
    await until(() => (links[0]?.received.length ?? 0) === 1);
    expect(links[0]?.received[0]?.toString()).toBe('{"ok":true}');
    expect(logs).toContainEqual(expect.objectContaining({ event: 'session.client_line_dropped' }));
  });
});

describe('ending sessions', () => {
  it('should end a session on DELETE: 204, client closed with 4404, process stopped, then 404', async () => {
    const { httpUrl } = await start();
    const { session_id, ws_url } = await create();
    const client = await attach(ws_url);
    const deleted = await call(httpUrl, 'DELETE', `/sessions/${session_id}`, { token: TOKEN });
    expect(deleted.status).toBe(204);
    expect(await client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.SESSION_DELETED);
    expect(links[0]?.closed).toBe(true);
    expect((await call(httpUrl, 'GET', `/sessions/${session_id}`, { token: TOKEN })).status).toBe(404);
    expect((await call(httpUrl, 'DELETE', `/sessions/${session_id}`, { token: TOKEN })).status).toBe(404);
  });

  it('should tell the client the CLI exit code as close code 4000+n, after its last lines', async () => {
    await start();
    const client = await attach((await create()).ws_url);
    links[0]?.emit('{"type":"result","is_error":true}');
    links[0]?.exit({ exitCode: 3, signal: null, error: new Error('exited 3') });
    expect(await client.closed).toBe(4003);
    expect(client.frames).toEqual(['{"type":"result","is_error":true}\n']);
  });

  it('should close with 1000 when the CLI ends in order', async () => {
    await start();
    const client = await attach((await create()).ws_url);
    links[0]?.exit({ exitCode: 0, signal: null });
    expect(await client.closed).toBe(1000);
    expect(server?.sessions()).toEqual([]);
  });

  it('should keep the output and exit status of a CLI that ended before its client came', async () => {
    await start();
    const { ws_url } = await create();
    links[0]?.emit('{"last":"words"}');
    links[0]?.exit({ exitCode: 2, signal: null, error: new Error('exited 2') });
    const client = await attach(ws_url);
    expect(await client.closed).toBe(4002);
    expect(client.frames).toEqual(['{"last":"words"}\n']);
    expect(server?.sessions()).toEqual([]);
  });

  it('should end a session with no client after the idle timeout', async () => {
    await start({ sessionIdleTimeoutMs: 50 });
    await create();
    await until(() => links[0]?.closed === true);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'session.idle_timeout' }));
    expect(server?.sessions()).toEqual([]);
  });

  it('should not end an attached session on the idle timeout', async () => {
    await start({ sessionIdleTimeoutMs: 50 });
    const client = await attach((await create()).ws_url);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(links[0]?.closed).toBe(false);
    links[0]?.emit('{"still":"here"}');
    await until(() => client.frames.length === 1);
  });

  it('should end a session whose pending output passes the limit', async () => {
    await start({ maxPendingOutputBytes: 1024 });
    await create();
    for (let i = 0; i < 20; i++) links[0]?.emit(`{"pad":"${'z'.repeat(100)}"}`);
    await until(() => links[0]?.closed === true);
    expect(logs).toContainEqual(expect.objectContaining({ event: 'session.output_overflow' }));
  });

  it('should shut down gracefully: 1001 to clients, every process stopped, new requests refused', async () => {
    const { httpUrl } = await start();
    const client = await attach((await create()).ws_url);
    await create();
    await server?.close();
    expect(await client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
    expect(links.map((l) => l.closed)).toEqual([true, true]);
    await expect(call(httpUrl, 'GET', '/health', { token: TOKEN })).rejects.toThrow();
    await server?.close();
  });

  it('should stop waiting for a session that will not end once shutdownTimeoutMs passes', async () => {
    await start({ shutdownTimeoutMs: 200 });
    const { session_id } = await create();
    await create();
    if (links[0]) links[0].hangOnClose = true;
    await server?.close();
    expect(links.map((l) => l.closed)).toEqual([true, true]);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'server.shutdown_timeout', timeoutMs: 200, sessions: [session_id] }),
    );
    expect(logs.at(-1)).toMatchObject({ event: 'server.shutdown_finished' });
  });

  it('should refuse a shutdownTimeoutMs that is not a positive integer, quoting it', async () => {
    await expect(start({ shutdownTimeoutMs: -1 })).rejects.toThrow(/shutdownTimeoutMs.*-1/);
  });
});

describe('GET /health and routing', () => {
  it('should report status and live sessions', async () => {
    const { httpUrl } = await start({ maxSessions: 7 });
    await create();
    const answer = await call(httpUrl, 'GET', '/health', { token: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'ok', sessions: 1, max_sessions: 7 });
  });

  it('should answer 405 with Allow for a wrong method and 404 for an unknown path', async () => {
    const { httpUrl } = await start();
    const wrong = await call(httpUrl, 'GET', '/sessions', { token: TOKEN });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('POST');
    expect((await call(httpUrl, 'GET', '/nowhere', { token: TOKEN })).status).toBe(404);
  });

  it('should bind the loopback address by default and print a cc:// URL holding the token', async () => {
    const started = await start();
    expect(started.host).toBe('127.0.0.1');
    expect(started.url).toBe(`cc://127.0.0.1:${started.port}/${TOKEN}`);
  });
});
