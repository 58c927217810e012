import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type FakeCliLink, fakeLinkFactory } from '../../test/fake-cli-link.js';
import { call, openSocket } from '../../test/http-client.js';
import { sampleValue } from '../../test/metric-samples.js';
import { openStream } from '../../test/sse-client.js';
import { type DirectConnectServer, startDirectConnectServer } from '../direct-connect-server.js';
import type { LogEntry } from '../logger.js';
import type { DirectConnectServerOptions } from '../server-options.js';

const TOKEN = 'obs-test-token-0123456789abcdef';
const ORIGIN = 'https://app.example.com';

let base: string;
let root: string;
const servers: DirectConnectServer[] = [];

beforeEach(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-obs-')));
  root = join(base, 'root');
  await mkdir(join(root, 'project'), { recursive: true });
});

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await rm(base, { recursive: true, force: true });
});

interface Started {
  server: DirectConnectServer;
  links: FakeCliLink[];
  logs: LogEntry[];
  scrape: () => Promise<string>;
}

async function start(options: Partial<DirectConnectServerOptions> = {}, failStart?: Error): Promise<Started> {
  const fake = fakeLinkFactory(failStart === undefined ? {} : { failStart });
  const logs: LogEntry[] = [];
  const server = await startDirectConnectServer({
    token: TOKEN,
    roots: [root],
    createCliLink: fake.factory,
    logger: (entry) => logs.push(entry),
    allowedOrigins: [ORIGIN],
    ...options,
  });
  servers.push(server);
  const scrape = async (): Promise<string> => {
    const answer = await call(server.httpUrl, 'GET', '/metrics', { token: TOKEN });
    expect(answer.status).toBe(200);
    return answer.text;
  };
  return { server, links: fake.links, logs, scrape };
}

async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('GET /metrics', () => {
  it('should need the token, answer in the Prometheus text format, and count its own refusal', async () => {
    const { server, scrape } = await start();
    const refused = await call(server.httpUrl, 'GET', '/metrics');
    expect(refused.status).toBe(401);
    const answer = await call(server.httpUrl, 'GET', '/metrics', { token: TOKEN });
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.text).toContain('# TYPE ccsdk_serve_sessions_created_total counter');
    expect(
      sampleValue(await scrape(), 'ccsdk_serve_refusals_total', {
        route: '/metrics',
        status: '401',
        reason: 'unauthorized',
      }),
    ).toBe(1);
    expect((await call(server.httpUrl, 'POST', '/metrics', { token: TOKEN })).status).toBe(405);
  });

  it('should answer without the token when metricsPublic, and keep every other route closed', async () => {
    const { server } = await start({ metricsPublic: true });
    expect((await call(server.httpUrl, 'GET', '/metrics')).status).toBe(200);
    expect((await call(server.httpUrl, 'GET', '/health')).status).toBe(401);
  });

  it('should keep two servers in one process apart', async () => {
    const a = await start();
    const b = await start();
    expect((await call(a.server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} })).status).toBe(201);
    expect(sampleValue(await a.scrape(), 'ccsdk_serve_sessions_created_total')).toBe(1);
    expect(sampleValue(await b.scrape(), 'ccsdk_serve_sessions_created_total')).toBe(0);
  });
});

describe('refusals', () => {
  it('should count every refusal of a route by route, status and reason, and those of POST /sessions as sessions refused', async () => {
    const { server, scrape } = await start();
    const outside = await call(server.httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: { cwd: base },
    });
    expect(outside.status).toBe(403);
    expect((await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: '{' })).status).toBe(400);
    expect(
      (await call(server.httpUrl, 'GET', '/health', { token: 'wrong-token-0123456789abcdef' })).status,
    ).toBe(401);
    expect((await call(server.httpUrl, 'GET', '/sessions/nope', { token: TOKEN })).status).toBe(404);
    expect(
      (await call(server.httpUrl, 'GET', '/health', { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(403);
    const upgrade = await openSocket(
      `${server.httpUrl.replace('http', 'ws')}/sessions/x/ws`,
      'wrong-token-0123456789abcdef',
    );
    expect(upgrade).toEqual({ refused: 401 });
    const text = await scrape();
    const refusals = (route: string, status: string, reason: string): number | undefined =>
      sampleValue(text, 'ccsdk_serve_refusals_total', { route, status, reason });
    expect(refusals('/sessions', '403', 'cwd_outside_roots')).toBe(1);
    expect(refusals('/sessions', '400', 'invalid_json')).toBe(1);
    expect(refusals('/health', '401', 'unauthorized')).toBe(1);
    expect(refusals('/sessions/:id', '404', 'not_found')).toBe(1);
    expect(refusals('/health', '403', 'origin_not_allowed')).toBe(1);
    expect(refusals('/sessions/:id/ws', '401', 'unauthorized')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_sessions_refused_total', { reason: 'cwd_outside_roots' })).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_sessions_refused_total', { reason: 'invalid_json' })).toBe(1);
  });

  it('should count a WebSocket the first-frame auth gate closes', async () => {
    const { server, scrape } = await start();
    const created = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const wsUrl = (created.body as { ws_url: string }).ws_url;
    const socket = new WebSocket(wsUrl, { headers: { origin: ORIGIN } });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    socket.on('open', () =>
      socket.send(
        JSON.stringify({
          type: 'auth',
          credential: { type: 'oauth', token: 'wrong-token-0123456789abcdef' },
        }),
      ),
    );
    expect(await closed).toBe(4401);
    expect(
      sampleValue(await scrape(), 'ccsdk_serve_refusals_total', {
        route: '/sessions/:id/ws',
        status: '4401',
        reason: 'first_frame_wrong_token',
      }),
    ).toBe(1);
  });

  it('should count a WebSocket closed instead of attached: after first-frame auth (4400, 4409), and read over SSE (4410)', async () => {
    const { server, scrape } = await start();
    const firstFrame = async (wsUrl: string): Promise<{ code: number; socket: WebSocket }> => {
      const socket = new WebSocket(wsUrl, { headers: { origin: ORIGIN } });
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('open', () =>
        socket.send(JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: TOKEN } })),
      );
      const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(0), 500))]);
      return { code, socket };
    };
    const wsBase = server.httpUrl.replace('http', 'ws');
    expect(
      (await firstFrame(`${wsBase}/sessions/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/ws`)).code,
    ).toBe(4400);
    const busy = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const busyUrl = (busy.body as { ws_url: string }).ws_url;
    const holder = await openSocket(busyUrl, TOKEN);
    if ('refused' in holder) throw new Error('refused');
    expect((await firstFrame(busyUrl)).code).toBe(4409);
    const read = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const readId = (read.body as { session_id: string }).session_id;
    const stream = await openStream(server.httpUrl, `/sessions/${readId}/events/stream`, { token: TOKEN });
    expect(stream.status).toBe(200);
    const mismatch = await openSocket((read.body as { ws_url: string }).ws_url, TOKEN);
    if ('refused' in mismatch) throw new Error('refused');
    expect(await mismatch.closed).toBe(4410);
    stream.close();
    holder.socket.close();
    const text = await scrape();
    const closes = (status: string, reason: string): number | undefined =>
      sampleValue(text, 'ccsdk_serve_refusals_total', { route: '/sessions/:id/ws', status, reason });
    expect(closes('4400', 'not_found')).toBe(1);
    expect(closes('4409', 'session_busy')).toBe(1);
    expect(closes('4410', 'transport_mismatch')).toBe(1);
  });
});

describe('session metrics', () => {
  it('should count a session, its CLI start, its first message, its bytes and its WebSocket', async () => {
    const { server, links, scrape } = await start();
    const created = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    expect(created.status).toBe(201);
    const opened = await openSocket((created.body as { ws_url: string }).ws_url, TOKEN);
    if ('refused' in opened) throw new Error('refused');
    let text = await scrape();
    expect(sampleValue(text, 'ccsdk_serve_sessions_active')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_websocket_connections')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_websocket_connections_opened_total')).toBe(1);
    const user = '{"type":"user","message":{"role":"user","content":"hi"}}';
    opened.socket.send(`${user}\n`);
    const link = links[0] as FakeCliLink;
    await until(() => link.received.length === 1);
    const assistant = '{"type":"assistant","message":{"content":[{"type":"text","text":"hello"}]}}';
    link.emit('{"type":"system","subtype":"init"}');
    link.emit(assistant);
    link.emit(assistant);
    await until(() => opened.frames.length === 3);
    text = await scrape();
    expect(sampleValue(text, 'ccsdk_serve_sessions_created_total')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_cli_start_seconds_count')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_first_message_seconds_count')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_bytes_in_total')).toBe(Buffer.byteLength(user) + 1);
    expect(sampleValue(text, 'ccsdk_serve_bytes_out_total')).toBe(
      Buffer.byteLength('{"type":"system","subtype":"init"}') + 2 * (Buffer.byteLength(assistant) + 1) + 1,
    );
    opened.socket.close();
    await until(async () => sampleValue(await scrape(), 'ccsdk_serve_websocket_connections') === 0);
  });

  it('should count sessions that fail: the CLI cannot start, exits abnormally, overflows its output', async () => {
    const failing = await start({}, new Error('no claude here'));
    expect((await call(failing.server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} })).status).toBe(
      500,
    );
    expect(
      sampleValue(await failing.scrape(), 'ccsdk_serve_sessions_failed_total', { reason: 'spawn_failed' }),
    ).toBe(1);
    expect(failing.logs.find((entry) => entry.event === 'session.spawn_failed')?.['sessionId']).toBeTypeOf(
      'string',
    );

    const { server, links, scrape } = await start({ maxPendingOutputBytes: 1024 });
    await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const [crashing, chatty] = links as [FakeCliLink, FakeCliLink];
    crashing.exit({ exitCode: 3, signal: null, error: new Error('exited with 3') });
    chatty.emit(`{"type":"x","pad":"${'a'.repeat(2048)}"}`);
    const text = await scrape();
    expect(sampleValue(text, 'ccsdk_serve_sessions_failed_total', { reason: 'cli_exited' })).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_sessions_failed_total', { reason: 'output_overflow' })).toBe(1);
  });

  it('should count an SSE stream while it is open, and the event log appends', async () => {
    const { server, links, scrape } = await start();
    const created = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const id = (created.body as { session_id: string }).session_id;
    const stream = await openStream(server.httpUrl, `/sessions/${id}/events/stream`, { token: TOKEN });
    expect(stream.status).toBe(200);
    (links[0] as FakeCliLink).emit('{"type":"assistant","message":{"content":[]}}');
    await stream.waitFor((open) => open.events.length === 1);
    let text = await scrape();
    expect(sampleValue(text, 'ccsdk_serve_sse_connections')).toBe(1);
    expect(sampleValue(text, 'ccsdk_serve_sse_connections_opened_total')).toBe(1);
    await until(
      async () =>
        (sampleValue(await scrape(), 'ccsdk_serve_store_append_seconds_count', { log: 'sse_event_log' }) ??
          0) >= 1,
    );
    stream.close();
    await until(async () => sampleValue(await scrape(), 'ccsdk_serve_sse_connections') === 0);
    text = await scrape();
    expect(sampleValue(text, 'ccsdk_serve_first_message_seconds_count')).toBe(1);
  });
});

describe('request ids', () => {
  it('should echo a well-formed x-request-id and put it on every entry logged for the request', async () => {
    const { server, logs } = await start();
    const refused = await call(server.httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: { cwd: base },
      headers: { 'x-request-id': 'req-123' },
    });
    expect(refused.headers['x-request-id']).toBe('req-123');
    expect(logs.find((entry) => entry.event === 'session.create_refused')?.['requestId']).toBe('req-123');
    const created = await call(server.httpUrl, 'POST', '/sessions', {
      token: TOKEN,
      body: {},
      headers: { 'x-request-id': 'req-456' },
    });
    expect(logs.find((entry) => entry.event === 'session.created')).toMatchObject({
      requestId: 'req-456',
      sessionId: (created.body as { session_id: string }).session_id,
    });
  });

  it('should replace a hostile x-request-id by a generated one, in the header and the log', async () => {
    const { server, logs } = await start();
    const long = 'x'.repeat(10_000);
    const answer = await call(server.httpUrl, 'GET', '/health', {
      token: 'wrong-token-0123456789abcdef',
      headers: { 'x-request-id': long },
    });
    const id = answer.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logs.find((entry) => entry.event === 'auth.rejected')?.['requestId']).toBe(id);
    expect(JSON.stringify(logs)).not.toContain(long);
  });

  it('should send the id back on a refused upgrade and with the 101', async () => {
    const { server } = await start();
    const refusedId = await new Promise<string | undefined>((resolve, reject) => {
      const socket = new WebSocket(`${server.httpUrl.replace('http', 'ws')}/sessions/x/ws`, {
        headers: { authorization: `Bearer ${TOKEN}`, 'x-request-id': 'up-1' },
      });
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.headers['x-request-id'] as string | undefined);
        response.resume();
      });
      socket.on('error', reject);
    });
    expect(refusedId).toBe('up-1');
    const created = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    const acceptedId = await new Promise<string | undefined>((resolve, reject) => {
      const socket = new WebSocket((created.body as { ws_url: string }).ws_url, {
        headers: { authorization: `Bearer ${TOKEN}`, 'x-request-id': 'up-2' },
      });
      socket.on('upgrade', (response) => resolve(response.headers['x-request-id'] as string | undefined));
      socket.on('open', () => socket.close());
      socket.on('error', reject);
    });
    expect(acceptedId).toBe('up-2');
  });
});
