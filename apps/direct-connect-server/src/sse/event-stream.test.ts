import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { projectKeyForDirectory } from '@ccsdk/session-jsonl';
import {
  InMemorySessionStore,
  type SessionKey,
  type SessionStore,
  type SessionStoreEntry,
} from '@ccsdk/session-store';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { call, openSocket } from '../../test/http-client.js';
import { framesNamed } from '../../test/sse-client.js';
import { type SseTestServer, startSseTestServer, TOKEN, until } from '../../test/sse-server.js';
import { SSE_EVENTS_PROJECT_KEY } from './event-store.js';
import { SSE_MAX_REPLAY_EVENTS, SSE_MAX_STREAMS_PER_SESSION, SSE_REPLAY_RING_EVENTS } from './sse-limits.js';

let servers: SseTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function start(options: Parameters<typeof startSseTestServer>[0] = {}): Promise<SseTestServer> {
  const started = await startSseTestServer(options);
  servers.push(started);
  return started;
}

const line = (n: number, extra: object = {}): string => JSON.stringify({ type: 'assistant', n, ...extra });

describe('GET /sessions/:id/events/stream', () => {
  it('should answer an event stream whose durable frames carry dense sequence numbers and <session>:<n> ids', async () => {
    const t = await start();
    const { id, link } = await t.create();
    link.emit(line(1)); // before any client: buffered, then moved into the log
    const stream = await t.stream(id);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    link.emit(line(2));
    link.emit(JSON.stringify({ type: 'stream_event', event: { type: 'content_block_delta' } }));
    link.emit(line(3));
    await stream.waitFor((s) => s.events.length === 3);
    const events = stream.events;
    expect(events.map((e) => e.sequence_num)).toEqual([1, 2, 3]);
    expect(events.map((e) => (e['payload'] as { n: number }).n)).toEqual([1, 2, 3]);
    expect(events.every((e) => e['source'] === 'worker' && typeof e['event_id'] === 'string')).toBe(true);
    expect(stream.frames.filter((f) => f.event === 'client_event').map((f) => f.id)).toEqual([
      `${id}:1`,
      `${id}:2`,
      `${id}:3`,
    ]);
    expect(framesNamed(stream.frames, 'ephemeral')).toEqual([
      { payload: { type: 'stream_event', event: { type: 'content_block_delta' } } },
    ]);
    const info = await call(t.server.httpUrl, 'GET', `/sessions/${id}`, { token: TOKEN });
    expect(info.body).toMatchObject({ attached: true });
    stream.close();
  });

  it('should replay after Last-Event-ID or from_sequence_num, the header winning, and not replay ephemeral frames', async () => {
    const t = await start();
    const { id, link } = await t.create();
    const first = await t.stream(id);
    for (let n = 1; n <= 5; n++) link.emit(line(n));
    link.emit(JSON.stringify({ type: 'stream_event' }));
    await first.waitFor((s) => s.events.length === 5);
    first.close();
    const byHeader = await t.stream(id, { lastEventId: `${id}:3`, query: '?from_sequence_num=1' });
    await byHeader.waitFor((s) => s.events.length === 2);
    const byQuery = await t.stream(id, { query: '?from_sequence_num=1' });
    await byQuery.waitFor((s) => s.events.length === 4);
    link.emit(line(6));
    await byHeader.waitFor((s) => s.events.length === 3);
    expect(byHeader.events.map((e) => e.sequence_num)).toEqual([4, 5, 6]);
    await byQuery.waitFor((s) => s.events.length === 5);
    expect(byQuery.events.map((e) => e.sequence_num)).toEqual([2, 3, 4, 5, 6]);
    expect(byQuery.frames.some((f) => f.event === 'ephemeral')).toBe(false);
    byHeader.close();
    byQuery.close();
  });

  it('should deliver every event exactly once and in order across random reconnects while events keep coming', async () => {
    const step = fc.constantFrom('line', 'line', 'line', 'post', 'ephemeral', 'pause');
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 20, maxLength: 90 }),
        fc.array(fc.integer({ min: 1, max: 15 }), { minLength: 1, maxLength: 20 }),
        async (script, cuts) => {
          const t = await start();
          try {
            const { id, link } = await t.create();
            const producer = (async () => {
              for (const [n, kind] of script.entries()) {
                if (kind === 'post') {
                  await t.post(id, { session_id: id, event_id: `post-${n}`, payload: { type: 'user', n } });
                } else if (kind === 'ephemeral') link.emit(JSON.stringify({ type: 'stream_event', n }));
                else if (kind === 'pause') await new Promise((resolve) => setTimeout(resolve, 2));
                else link.emit(line(n));
              }
              link.exit({ exitCode: 0, signal: null });
            })();
            const seen: { seq: number; eventId: unknown }[] = [];
            let cursor = 0;
            for (let cut = 0; seen.at(-1)?.eventId !== 'session_ended'; cut++) {
              const stream = await t.stream(id, cursor === 0 ? {} : { lastEventId: `${id}:${cursor}` });
              expect(stream.status).toBe(200);
              const want = cursor + (cuts[cut % cuts.length] as number);
              await stream
                .waitFor((s) => s.events.some((e) => e.sequence_num >= want || e['code'] !== undefined))
                .catch(() => undefined);
              stream.close();
              await stream.ended;
              for (const event of stream.events) {
                seen.push({ seq: event.sequence_num, eventId: event['event_id'] ?? 'session_ended' });
                cursor = event.sequence_num;
              }
              expect(stream.frames.some((f) => f.event === 'catch_up_truncated')).toBe(false);
            }
            await producer;
            // The whole log, replayed from the store once the session is gone, is what the cuts saw together.
            await until(() => t.server.sessions().length === 0);
            const whole = await t.stream(id);
            await whole.ended;
            expect(seen).toEqual(
              whole.events.map((e) => ({ seq: e.sequence_num, eventId: e['event_id'] ?? 'session_ended' })),
            );
            expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i + 1));
            const posts = script.flatMap((kind, n) => (kind === 'post' ? [`post-${n}`] : []));
            expect(seen.filter((e) => String(e.eventId).startsWith('post-')).map((e) => e.eventId)).toEqual(
              posts,
            );
          } finally {
            await t.close();
            servers = servers.filter((s) => s !== t);
          }
        },
      ),
      { numRuns: 15 },
    );
  }, 60_000);

  it('should replay an old cursor from the store when the ring no longer reaches it', async () => {
    const store = new InMemorySessionStore();
    const t = await start({ sessionStore: store });
    const { id, link } = await t.create();
    const live = await t.stream(id);
    const total = SSE_REPLAY_RING_EVENTS + 100;
    for (let n = 1; n <= total; n++) link.emit(line(n));
    await live.waitFor((s) => s.events.length === total, 20_000);
    live.close();
    const old = await t.stream(id, { lastEventId: `${id}:10` });
    await old.waitFor((s) => s.events.length === total - 10, 20_000);
    expect(old.frames.some((f) => f.event === 'catch_up_truncated')).toBe(false);
    expect(old.events.map((e) => e.sequence_num)).toEqual(
      Array.from({ length: total - 10 }, (_, i) => i + 11),
    );
    const stored = store.getEntries({ projectKey: SSE_EVENTS_PROJECT_KEY, sessionId: id });
    expect(stored).toHaveLength(total);
    expect(stored[0]).toMatchObject({
      type: 'ccsdk_event',
      sequence_num: 1,
      source: 'worker',
      kind: 'client_event',
    });
    old.close();
  }, 30_000);

  it('should send events that come while the replay loads from the store once, after the replay, without a gap', async () => {
    const store = new InMemorySessionStore();
    let loads = 0;
    let releaseLoad: () => void = () => undefined;
    const slowLoad: SessionStore = {
      append: (key, entries) => store.append(key, entries),
      load: async (key) => {
        loads += 1;
        await new Promise<void>((resolve) => {
          releaseLoad = resolve;
        });
        return store.load(key);
      },
    };
    const t = await start({ sessionStore: slowLoad });
    const { id, link } = await t.create();
    const total = SSE_REPLAY_RING_EVENTS + 20;
    const live = await t.stream(id);
    for (let n = 1; n <= total; n++) link.emit(line(n));
    await live.waitFor((s) => s.events.length === total, 20_000);
    live.close();
    const old = await t.stream(id, { lastEventId: `${id}:3` });
    await until(() => loads === 1);
    // While the store is read: more events, and a client post.
    for (let n = total + 1; n <= total + 30; n++) link.emit(line(n));
    await t.post(id, { session_id: id, event_id: 'during-replay', payload: { type: 'user' } });
    link.emit(line(total + 31));
    releaseLoad();
    const expected = total + 31 + 1;
    await old.waitFor((s) => s.events.length === expected - 3, 20_000);
    expect(old.events.map((e) => e.sequence_num)).toEqual(
      Array.from({ length: expected - 3 }, (_, i) => i + 4),
    );
    expect(old.frames.some((f) => f.event === 'catch_up_truncated')).toBe(false);
    expect(old.events.filter((e) => e['source'] === 'client').map((e) => e['event_id'])).toEqual([
      'during-replay',
    ]);
    old.close();
  }, 30_000);

  it(`should replay at most ${SSE_MAX_REPLAY_EVENTS} events and say catch_up_truncated for a cursor further behind`, async () => {
    const t = await start();
    const { id, link } = await t.create();
    const total = SSE_MAX_REPLAY_EVENTS + 25;
    link.emit(line(1));
    const live = await t.stream(id);
    for (let n = 2; n <= total; n++) link.emit(`{"type":"assistant","n":${n}}`);
    await live.waitFor((s) => s.events.length === total, 60_000);
    live.close();
    const behind = await t.stream(id, { query: '?from_sequence_num=0' });
    await behind.waitFor((s) => s.events.length === SSE_MAX_REPLAY_EVENTS, 60_000);
    expect(framesNamed(behind.frames.slice(0, 1), 'catch_up_truncated')).toEqual([
      { requested_sequence_num: 0, resumed_after_sequence_num: 25 },
    ]);
    expect(behind.events[0]?.sequence_num).toBe(26);
    expect(behind.events.at(-1)?.sequence_num).toBe(total);
    behind.close();
  }, 90_000);

  it('should say catch_up_truncated and go on when the store lost events the ring no longer holds', async () => {
    const failing: SessionStore = {
      append: async () => {
        throw Object.assign(new Error('disk full, entry {"secret":1}'), { code: 'E_FULL' });
      },
      load: async () => null,
    };
    const t = await start({ sessionStore: failing });
    const { id, link } = await t.create();
    const live = await t.stream(id);
    const total = SSE_REPLAY_RING_EVENTS + 50;
    for (let n = 1; n <= total; n++) link.emit(line(n, { secret: 'payload-marker' }));
    await live.waitFor((s) => s.events.length === total, 20_000);
    live.close();
    const old = await t.stream(id, { lastEventId: `${id}:5` });
    await old.waitFor((s) => s.events.length === SSE_REPLAY_RING_EVENTS, 20_000);
    expect(framesNamed(old.frames, 'catch_up_truncated')).toEqual([
      { requested_sequence_num: 5, resumed_after_sequence_num: 50 },
    ]);
    expect(old.frames[0]?.event).toBe('catch_up_truncated');
    expect(old.events[0]?.sequence_num).toBe(51);
    const failures = t.logs.filter((e) => e.event === 'sse.store_append_failed');
    expect(failures.length).toBeGreaterThan(0);
    expect(JSON.stringify(failures)).not.toContain('payload-marker');
    expect(JSON.stringify(failures)).not.toContain('secret');
    // The session goes on.
    link.emit(line(total + 1));
    const again = await t.stream(id, { lastEventId: `${id}:${total}` });
    await again.waitFor((s) => s.events.length === 1);
    again.close();
    old.close();
  }, 30_000);

  it.each([
    ['a huge Last-Event-ID', (id: string) => ({ lastEventId: `${id}:${'9'.repeat(300)}` }), 'invalid_cursor'],
    [
      'a number past MAX_SAFE_INTEGER',
      (id: string) => ({ lastEventId: `${id}:9007199254740993` }),
      'invalid_cursor',
    ],
    ['a negative number', (id: string) => ({ lastEventId: `${id}:-1` }), 'invalid_cursor'],
    ['a fraction', (id: string) => ({ lastEventId: `${id}:1.5` }), 'invalid_cursor'],
    ['garbage', () => ({ lastEventId: 'garbage' }), 'invalid_cursor'],
    ['an empty number', (id: string) => ({ lastEventId: `${id}:` }), 'invalid_cursor'],
    [
      'another session',
      () => ({ lastEventId: '00000000-0000-4000-8000-000000000000:1' }),
      'cursor_session_mismatch',
    ],
    ['a cursor ahead', (id: string) => ({ lastEventId: `${id}:2` }), 'cursor_ahead'],
    ['from_sequence_num that is not digits', () => ({ query: '?from_sequence_num=0x10' }), 'invalid_cursor'],
    [
      'from_sequence_num twice',
      () => ({ query: '?from_sequence_num=1&from_sequence_num=2' }),
      'invalid_cursor',
    ],
    ['from_sequence_num ahead', () => ({ query: '?from_sequence_num=5' }), 'cursor_ahead'],
  ])('should refuse %s with 400', async (_label, cursor, code) => {
    const t = await start();
    const { id, link } = await t.create();
    link.emit(line(1));
    const refused = await t.stream(id, cursor(id));
    await refused.ended;
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text())).toMatchObject({ error: { code } });
    expect(refused.text()).not.toContain('9999999999');
  });

  it('should answer 404 for a session neither hosted nor in the store or a malformed id, and 401 without the token', async () => {
    const t = await start();
    const unknown = await t.stream('00000000-0000-4000-8000-000000000000');
    await unknown.ended;
    expect(unknown.status).toBe(404);
    const notUuid = await t.stream('..%2F..');
    await notUuid.ended;
    expect(notUuid.status).toBe(404);
    const { id } = await t.create();
    const answer = await call(t.server.httpUrl, 'GET', `/sessions/${id}/events/stream`, {});
    expect(answer.status).toBe(401);
    const wrongMethod = await call(t.server.httpUrl, 'PUT', `/sessions/${id}/events/stream`, {
      token: TOKEN,
    });
    expect(wrongMethod.status).toBe(405);
    for (const path of ['/sessions/%E0%A4%A/events/stream', '/sessions/%E0%A4%A']) {
      const malformed = await call(t.server.httpUrl, 'GET', path, { token: TOKEN });
      expect(malformed.status).toBe(404);
    }
  });

  it(`should refuse stream ${SSE_MAX_STREAMS_PER_SESSION + 1} of one session with 429 and take it once one closed`, async () => {
    const t = await start();
    const { id } = await t.create();
    const open = await Promise.all(Array.from({ length: SSE_MAX_STREAMS_PER_SESSION }, () => t.stream(id)));
    expect(open.map((s) => s.status)).toEqual(open.map(() => 200));
    const refused = await t.stream(id);
    await refused.ended;
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.text())).toMatchObject({ error: { code: 'too_many_streams' } });
    open[0]?.close();
    await until(() => t.logs.length > 0);
    let next = await t.stream(id);
    for (let i = 0; next.status !== 200 && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      next = await t.stream(id);
    }
    expect(next.status).toBe(200);
    for (const s of [...open, next]) s.close();
  });

  it('should end a stream whose reader does not drain, and keep the session and its other streams going', async () => {
    const t = await start({ maxPendingOutputBytes: 64 * 1024 });
    const { id, link } = await t.create();
    const slow = await t.stream(id);
    slow.pause();
    const big = 'x'.repeat(256 * 1024);
    for (let n = 1; n <= 80; n++) link.emit(line(n, { big }));
    await until(() => t.logs.some((e) => e.event === 'sse.stream_overflow'), 10_000);
    await slow.ended;
    expect(t.links[0]?.closed).toBe(false);
    const info = await call(t.server.httpUrl, 'GET', `/sessions/${id}`, { token: TOKEN });
    expect(info.status).toBe(200);
    const fresh = await t.stream(id, { lastEventId: `${id}:79` });
    link.emit(line(81));
    await fresh.waitFor((s) => s.events.length === 2);
    expect(fresh.events.map((e) => e.sequence_num)).toEqual([80, 81]);
    fresh.close();
  }, 20_000);

  it('should write session_ended with the exit close code, end the stream, and replay the ended log from the store', async () => {
    const t = await start();
    const { id, link } = await t.create();
    const stream = await t.stream(id);
    link.emit(line(1));
    link.exit({ exitCode: 3, signal: null, error: new Error('exit 3') });
    await stream.ended;
    const ended = framesNamed(stream.frames, 'session_ended');
    expect(ended).toEqual([{ sequence_num: 2, code: 4003, reason: 'CLI exited with code 3' }]);
    expect(stream.frames.at(-1)?.id).toBe(`${id}:2`);
    await until(() => t.server.sessions().length === 0);
    const late = await t.stream(id);
    await late.ended;
    expect(late.status).toBe(200);
    expect(late.events.map((e) => e.sequence_num)).toEqual([1, 2]);
    const posted = await t.post(id, { session_id: id, event_id: 'after-end', payload: { type: 'user' } });
    expect(posted.status).toBe(409);
    expect(posted.body).toMatchObject({ error: { code: 'session_ended' } });
  });

  it('should give a session that ended before any client its last lines and its end over SSE', async () => {
    const t = await start();
    const { id, link } = await t.create();
    link.emit(line(1));
    link.exit({ exitCode: 0, signal: null });
    await until(() => t.logs.some((e) => e.event === 'session.ended'));
    const stream = await t.stream(id);
    await stream.ended;
    expect(stream.events.map((e) => e.sequence_num)).toEqual([1, 2]);
    expect(framesNamed(stream.frames, 'session_ended')[0]).toMatchObject({
      code: DIRECT_CONNECT_CLOSE_CODES.NORMAL,
    });
  });

  it('should end the streams with 4404 when the session is deleted', async () => {
    const t = await start();
    const { id } = await t.create();
    const stream = await t.stream(id);
    const deleted = await call(t.server.httpUrl, 'DELETE', `/sessions/${id}`, { token: TOKEN });
    expect(deleted.status).toBe(204);
    await stream.ended;
    expect(framesNamed(stream.frames, 'session_ended')).toEqual([
      { sequence_num: 1, code: DIRECT_CONNECT_CLOSE_CODES.SESSION_DELETED, reason: 'session deleted' },
    ]);
  });

  it('should keep a session with an open stream past the idle limit, and idle it out once the stream closed', async () => {
    const t = await start({ sessionIdleTimeoutMs: 150 });
    const { id } = await t.create();
    const stream = await t.stream(id);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(t.logs.some((e) => e.event === 'session.idle_timeout')).toBe(false);
    stream.close();
    await until(() => t.logs.some((e) => e.event === 'session.idle_timeout'), 3_000);
  });

  it('should replay and tail, from a shared store, a session another server hosts', async () => {
    const store = new InMemorySessionStore();
    const a = await start({ sessionStore: store });
    const b = await start({ sessionStore: store });
    const { id, link } = await a.create();
    const onA = await a.stream(id);
    link.emit(line(1));
    link.emit(line(2));
    await onA.waitFor((s) => s.events.length === 2);
    await until(() => store.getEntries({ projectKey: SSE_EVENTS_PROJECT_KEY, sessionId: id }).length === 2);
    const onB = await b.stream(id, { query: '?from_sequence_num=1' });
    expect(onB.status).toBe(200);
    const more = await Promise.all(
      Array.from({ length: SSE_MAX_STREAMS_PER_SESSION - 1 }, () => b.stream(id)),
    );
    expect(more.map((m) => m.status)).toEqual(more.map(() => 200));
    const refused = await b.stream(id);
    await refused.ended;
    expect(refused.status).toBe(429);
    for (const m of more) m.close();
    await onB.waitFor((s) => s.events.length === 1);
    link.emit(line(3));
    link.exit({ exitCode: 0, signal: null });
    await onB.ended;
    expect(onB.events.map((e) => e.sequence_num)).toEqual([2, 3, 4]);
    expect(framesNamed(onB.frames, 'session_ended')).toHaveLength(1);
    const ahead = await b.stream(id, { lastEventId: `${id}:9` });
    await ahead.ended;
    expect(ahead.status).toBe(400);
  }, 15_000);

  it("should tail a session another server hosts through the store's loadFrom, fetching only the new entries", async () => {
    const store = new InMemorySessionStore();
    const loads: string[] = [];
    const froms: number[] = [];
    let fetched = 0;
    const ranged = {
      append: (key: SessionKey, entries: SessionStoreEntry[]) => store.append(key, entries),
      load: (key: SessionKey) => {
        if (key.projectKey === SSE_EVENTS_PROJECT_KEY) loads.push(key.sessionId);
        return store.load(key);
      },
      loadFrom: async (key: SessionKey, from: number) => {
        froms.push(from);
        const entries = (await store.load(key))?.slice(from) ?? null;
        fetched += entries?.length ?? 0;
        return entries;
      },
    };
    const a = await start({ sessionStore: ranged });
    const b = await start({ sessionStore: ranged });
    const { id, link } = await a.create();
    const onA = await a.stream(id);
    link.emit(line(1));
    link.emit(line(2));
    await onA.waitFor((s) => s.events.length === 2);
    const logKey = { projectKey: SSE_EVENTS_PROJECT_KEY, sessionId: id };
    await until(() => store.getEntries(logKey).length === 2);
    const onB = await b.stream(id);
    await onB.waitFor((s) => s.events.length === 2);
    const loadsAfterReplay = loads.length;
    link.emit(line(3));
    await onB.waitFor((s) => s.events.length === 3, 5_000);
    link.emit(line(4));
    link.emit(line(5));
    link.exit({ exitCode: 0, signal: null });
    await onB.ended;
    expect(onB.events.map((e) => e.sequence_num)).toEqual([1, 2, 3, 4, 5, 6]);
    // After the replay's one load, every poll asked only for what came after the entries seen.
    expect(loads.length).toBe(loadsAfterReplay);
    expect(froms.length).toBeGreaterThan(1);
    expect(froms[0]).toBe(2);
    for (let i = 1; i < froms.length; i++) expect(froms[i]).toBeGreaterThanOrEqual(froms[i - 1] as number);
    expect(fetched).toBe(store.getEntries(logKey).length - 2);
  }, 15_000);
});

describe('the event log and the transcript mirror', () => {
  it('should hold a result line until the mirror flushed, as for a WebSocket, keeping the order', async () => {
    const configDir = await mkdtemp(join(tmpdir(), 'ccsdk-sse-config-'));
    let release: () => void = () => undefined;
    let gate: Promise<void> | undefined;
    const store = new InMemorySessionStore();
    const gated: SessionStore = {
      append: async (key, entries) => {
        if (key.projectKey !== SSE_EVENTS_PROJECT_KEY) await gate;
        await store.append(key, entries);
      },
      load: (key) => store.load(key),
    };
    const t = await start({ sessionStore: gated, cli: { env: { CLAUDE_CONFIG_DIR: configDir } } });
    const { id, link } = await t.create();
    const live = await t.stream(id);
    const projectKey = await projectKeyForDirectory(t.server.roots[0] as string);
    const filePath = join(configDir, 'projects', projectKey, '2f1c6a80-8d1e-4c57-9d57-2b8f3c0e5a11.jsonl');
    gate = new Promise((resolve) => {
      release = resolve;
    });
    link.mirror({ filePath, entries: [{ type: 'user', uuid: 'u-1' }] });
    link.emit('{"type":"assistant","n":1}');
    link.emit('{"duration_ms":5,"result":"done","type":"result","subtype":"success"}');
    link.emit('{"type":"after"}');
    await live.waitFor((s) => s.events.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.events).toHaveLength(1);
    release();
    await live.waitFor((s) => s.events.length === 3);
    expect(live.events.map((e) => (e['payload'] as { type: string }).type)).toEqual([
      'assistant',
      'result',
      'after',
    ]);
    live.close();
    await rm(configDir, { recursive: true, force: true });
  });
});

describe('transport exclusivity', () => {
  it('should refuse SSE with 409 transport_mismatch while a WebSocket is attached', async () => {
    const t = await start();
    const { id } = await t.create();
    const opened = await openSocket(`${t.server.httpUrl.replace('http', 'ws')}/sessions/${id}/ws`, TOKEN);
    if ('refused' in opened) throw new Error('refused');
    await until(() => t.logs.some((e) => e.event === 'session.attached'));
    const stream = await t.stream(id);
    await stream.ended;
    expect(stream.status).toBe(409);
    expect(JSON.parse(stream.text())).toMatchObject({ error: { code: 'transport_mismatch' } });
    const posted = await t.post(id, { session_id: id, event_id: 'e1', payload: { type: 'user' } });
    expect(posted.status).toBe(409);
    expect(posted.body).toMatchObject({ error: { code: 'transport_mismatch' } });
    opened.socket.close();
  });

  it('should close a WebSocket attach on a session read over SSE with 4410', async () => {
    const t = await start();
    const { id } = await t.create();
    const stream = await t.stream(id);
    const opened = await openSocket(`${t.server.httpUrl.replace('http', 'ws')}/sessions/${id}/ws`, TOKEN);
    if ('refused' in opened) throw new Error('refused');
    expect(await opened.closed).toBe(DIRECT_CONNECT_CLOSE_CODES.TRANSPORT_MISMATCH);
    stream.close();
  });

  it('should drop a first WebSocket frame that is an auth message and forward what follows', async () => {
    const t = await start();
    const { id, link } = await t.create();
    const opened = await openSocket(`${t.server.httpUrl.replace('http', 'ws')}/sessions/${id}/ws`, TOKEN);
    if ('refused' in opened) throw new Error('refused');
    opened.socket.send(JSON.stringify({ type: 'auth', credential: { type: 'oauth', token: TOKEN } }));
    opened.socket.send('{"type":"user","n":1}\n');
    opened.socket.send('{"type":"auth","later":true}\n');
    await until(() => link.received.length === 2);
    expect(link.received.map((b) => b.toString('utf8'))).toEqual([
      '{"type":"user","n":1}',
      '{"type":"auth","later":true}',
    ]);
    opened.socket.close();
  });
});
