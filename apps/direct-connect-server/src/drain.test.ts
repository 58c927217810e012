import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import { InMemorySessionStore, type SessionKey, type SessionStoreEntry } from '@ccsdk/session-store';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeCliLink } from '../test/fake-cli-link.js';
import { call, type OpenSocket, openSocket } from '../test/http-client.js';
import { framesNamed } from '../test/sse-client.js';
import { type SseTestServer, startSseTestServer, TOKEN, until } from '../test/sse-server.js';
import { DRAIN_CLOSE_REASON } from './drain.js';

const USER = '{"type":"user","message":{"role":"user","content":"go"},"parent_tool_use_id":null}';
const ASSISTANT = '{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}]}}';
const RESULT = '{"result":"hi","type":"result","subtype":"success","is_error":false}';

let t: SseTestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(options: Parameters<typeof startSseTestServer>[0] = {}): Promise<SseTestServer> {
  t = await startSseTestServer(options);
  return t;
}

async function attach(id: string): Promise<OpenSocket> {
  const opened = await openSocket(`${t?.server.httpUrl.replace('http', 'ws')}/sessions/${id}/ws`, TOKEN);
  if ('refused' in opened) throw new Error(`upgrade refused with ${opened.refused}`);
  return opened;
}

/** A session with a WebSocket client that has sent a user message: in a turn. */
async function sessionInTurn(): Promise<{ id: string; link: FakeCliLink; client: OpenSocket }> {
  const { id, link } = await (t as SseTestServer).create();
  const client = await attach(id);
  client.socket.send(`${USER}\n`);
  await until(() => link.received.length === 1);
  return { id, link, client };
}

const settled = (promise: Promise<unknown>): (() => boolean) => {
  let done = false;
  void promise.finally(() => {
    done = true;
  });
  return () => done;
};

describe('GET /readyz', () => {
  it('should answer 200 ready with the session count, and need the token like every route', async () => {
    const { server } = await start({ maxSessions: 3 });
    await t?.create();
    const answer = await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ready: true, sessions: 1, max_sessions: 3 });
    expect((await call(server.httpUrl, 'GET', '/readyz')).status).toBe(401);
    expect((await call(server.httpUrl, 'POST', '/readyz', { token: TOKEN })).status).toBe(405);
  });

  it('should answer 503 at_session_cap at the session limit, and 200 again once one ended', async () => {
    const { server } = await start({ maxSessions: 1 });
    const { id } = await (t as SseTestServer).create();
    const full = await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(full.status).toBe(503);
    expect(full.body).toEqual({ ready: false, reasons: ['at_session_cap'], sessions: 1, max_sessions: 1 });
    await call(server.httpUrl, 'DELETE', `/sessions/${id}`, { token: TOKEN });
    expect((await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN })).status).toBe(200);
  });

  it('should answer 503 store_unreachable when the store load rejects, and recover when it answers again', async () => {
    const store = new InMemorySessionStore();
    let failing = true;
    const load = store.load.bind(store);
    store.load = async (key) => {
      if (failing) throw new Error('connection refused');
      return load(key);
    };
    const { server } = await start({ sessionStore: store });
    const down = await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ready: false, reasons: ['store_unreachable'] });
    failing = false;
    // The probe's result is reused for READINESS_STORE_PROBE_CACHE_MS (1 s).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN })).status).toBe(200);
  });

  it('should answer 503 store_unreachable within storeProbeTimeoutMs when the store load hangs', async () => {
    const store = new InMemorySessionStore();
    let loads = 0;
    store.load = () => {
      loads++;
      return new Promise(() => undefined);
    };
    const { server } = await start({ sessionStore: store, storeProbeTimeoutMs: 100 });
    const began = Date.now();
    const answer = await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ reasons: ['store_unreachable'] });
    expect(Date.now() - began).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(loads).toBe(1); // the hung load is not asked again
  });
});

describe('drain()', () => {
  it('should report not ready and refuse POST /sessions with 503 draining and Retry-After at once', async () => {
    const { server } = await start();
    const { link } = await sessionInTurn();
    const drained = server.drain({ timeoutMs: 5_000 });
    const ready = await call(server.httpUrl, 'GET', '/readyz', { token: TOKEN });
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ready: false, reasons: ['draining'] });
    const refused = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toMatchObject({ error: { code: 'draining' } });
    const health = await call(server.httpUrl, 'GET', '/health', { token: TOKEN });
    expect(health.body).toMatchObject({ status: 'draining' });
    link.emit(RESULT);
    await drained;
  });

  it('should end an idle session at once and a session in a turn only once its result went out, with 1001', async () => {
    const { server, logs } = await start();
    const { id: idleId, link: idleLink } = await (t as SseTestServer).create();
    const idleClient = await attach(idleId);
    const busy = await sessionInTurn();
    expect(server.sessions()).toHaveLength(2);
    const drained = server.drain({ timeoutMs: 10_000 });
    const isDrained = settled(drained);
    expect(await idleClient.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
    expect(idleLink.closed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(busy.link.closed).toBe(false);
    expect(isDrained()).toBe(false);
    busy.link.emit(ASSISTANT);
    busy.link.emit(RESULT);
    await drained;
    expect(await busy.client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
    expect(busy.client.frames).toEqual([`${ASSISTANT}\n`, `${RESULT}\n`]);
    expect(busy.link.closed).toBe(true);
    const ended = logs.filter((e) => e.event === 'session.ended');
    expect(ended.map((e) => e['reason'])).toEqual([DRAIN_CLOSE_REASON, DRAIN_CLOSE_REASON]);
    expect(logs.find((e) => e.event === 'server.drain_started')).toMatchObject({ sessions: 2, inTurn: 1 });
    expect(logs.find((e) => e.event === 'server.drain_finished')).toMatchObject({
      sessions: 2,
      inTurn: 1,
      timedOut: 0,
    });
    expect(logs.map((e) => e.event)).toContain('server.shutdown_finished');
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it('should not take a nested "type":"result" for the end of the turn', async () => {
    const { server } = await start();
    const busy = await sessionInTurn();
    const drained = server.drain({ timeoutMs: 10_000 });
    busy.link.emit(
      '{"type":"assistant","message":{"content":[{"type":"tool_use","input":{"type":"result"}}]}}',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(busy.link.closed).toBe(false);
    busy.link.emit(RESULT);
    await drained;
    expect(busy.link.closed).toBe(true);
  });

  it('should let a client reconnect mid-turn during the drain and get the rest of the turn', async () => {
    const { server } = await start();
    const busy = await sessionInTurn();
    busy.client.socket.close();
    await busy.client.closed;
    const drained = server.drain({ timeoutMs: 10_000 });
    busy.link.emit(ASSISTANT);
    const again = await attach(busy.id);
    busy.link.emit(RESULT);
    expect(await again.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
    expect(again.frames).toEqual([`${ASSISTANT}\n`, `${RESULT}\n`]);
    await drained;
  });

  it('should end a turn that runs past the timeout, log it, and still close the server', async () => {
    const { server, logs } = await start();
    const busy = await sessionInTurn();
    const began = Date.now();
    await server.drain({ timeoutMs: 200 });
    expect(Date.now() - began).toBeGreaterThanOrEqual(190);
    expect(await busy.client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
    expect(busy.link.closed).toBe(true);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'server.drain_timeout', timeoutMs: 200, sessions: [busy.id] }),
    );
    expect(logs.find((e) => e.event === 'server.drain_finished')).toMatchObject({ timedOut: 1 });
  });

  it('should end everything at once when close() is called during the drain', async () => {
    const { server } = await start();
    const busy = await sessionInTurn();
    const drained = server.drain({ timeoutMs: 60_000 });
    const began = Date.now();
    await server.close();
    await drained;
    expect(Date.now() - began).toBeLessThan(5_000);
    expect(busy.link.closed).toBe(true);
    expect(await busy.client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
  });

  it('should tell an SSE client session_ended with 1001 after its turn result, the user message posted over SSE', async () => {
    const { server } = await start();
    const { id, link } = await (t as SseTestServer).create();
    const stream = await (t as SseTestServer).stream(id);
    const posted = await (t as SseTestServer).post(id, {
      session_id: id,
      event_id: 'u1',
      payload: { type: 'user', message: { role: 'user', content: 'go' } },
    });
    expect(posted.status).toBe(200);
    const drained = server.drain({ timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(link.closed).toBe(false);
    link.emit(RESULT);
    await stream.ended;
    await drained;
    const ended = framesNamed(stream.frames, 'session_ended');
    expect(ended).toEqual([
      expect.objectContaining({ code: DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, reason: DRAIN_CLOSE_REASON }),
    ]);
    expect(stream.events.some((e) => (e['payload'] as { type?: string })?.type === 'result')).toBe(true);
  });

  it('should end a turn only after the mirror put its frames in the store and the result went out', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'ccsdk-drain-config-'));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = new InMemorySessionStore();
    const append = store.append.bind(store);
    store.append = async (key: SessionKey, entries: SessionStoreEntry[]) => {
      await gate;
      await append(key, entries);
    };
    try {
      const { server } = await start({ sessionStore: store, cli: { env: { CLAUDE_CONFIG_DIR: configDir } } });
      const busy = await sessionInTurn();
      const projectKey = await projectKeyForDirectory(busy.link.params.cwd);
      const sessionId = '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11';
      const filePath = join(configDir, 'projects', projectKey, `${sessionId}.jsonl`);
      const drained = server.drain({ timeoutMs: 10_000 });
      busy.link.mirror({ filePath, entries: [{ type: 'user', uuid: 'u-1' }] });
      busy.link.mirror({ filePath, entries: [{ type: 'assistant', uuid: 'a-1' }] });
      busy.link.emit(RESULT);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The store has not answered: the result is held, the turn runs, the session lives.
      expect(busy.client.frames).toEqual([]);
      expect(busy.link.closed).toBe(false);
      release();
      await drained;
      expect(await busy.client.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY);
      expect(busy.client.frames).toEqual([`${RESULT}\n`]);
      expect(await store.load({ projectKey, sessionId })).toEqual([
        { type: 'user', uuid: 'u-1' },
        { type: 'assistant', uuid: 'a-1' },
      ]);
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });

  it('should be idempotent, and refuse a timeoutMs that is not a whole number', async () => {
    const { server } = await start();
    expect(() => server.drain({ timeoutMs: -1 })).toThrow(TypeError);
    expect(() => server.drain({ timeoutMs: 1.5 })).toThrow(/timeoutMs/);
    const first = server.drain({ timeoutMs: 0 });
    expect(server.drain()).toBe(first);
    await first;
  });
});
