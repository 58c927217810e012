/**
 * Issue 21, part 2: a session's SSE event log kept in a real PostgreSQL or Redis store, read by a
 * client that moves to another server on the same database. Server A hosts the session (real
 * CLI, scripted model); server B has its own connection to the database and no CLI for it. A
 * client reads the first turn on A, leaves, and resumes on B from its cursor while the second turn
 * runs on A: it must get every later event exactly once, in order, ending with `session_ended`.
 */
import { randomUUID } from 'node:crypto';
import { type DirectConnectServer, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import type { SessionStore } from '@ccsdk/session-store';
import { PostgresSessionStore } from '@ccsdk/session-store-postgres';
import { RedisSessionStore } from '@ccsdk/session-store-redis';
import { startPostgresServer, startRedisServer } from '@ccsdk/test-databases';
import { reply, text } from '@ccsdk/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { openSseStream, postSseEvent, type SseStreamClient } from './support/sse-client.js';

type ClosableStore = SessionStore & { close(): Promise<void> };
const adapters: [
  string,
  () => Promise<{ url: string; dispose(): Promise<void> }>,
  (url: string) => ClosableStore,
][] = [
  ['PostgreSQL', startPostgresServer, (url) => new PostgresSessionStore({ connectionString: url })],
  ['Redis', startRedisServer, (url) => new RedisSessionStore({ url })],
];

const INITIALIZE = { type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize' } };
const userMessage = (content: string) => ({
  type: 'user',
  message: { role: 'user', content },
  parent_tool_use_id: null,
  session_id: '',
});

describe.each(adapters)(
  'an SSE event log in a %s store, read across servers',
  (_name, startDb, openStore) => {
    let db: { url: string; dispose(): Promise<void> };
    let dc: DirectConnectRig | undefined;
    let other: DirectConnectServer | undefined;
    const stores: ClosableStore[] = [];
    const streams: SseStreamClient[] = [];
    beforeAll(async () => {
      db = await startDb();
    }, 60_000);
    afterEach(async () => {
      for (const stream of streams.splice(0)) stream.close();
      await other?.close();
      other = undefined;
      await dc?.dispose();
      dc = undefined;
      for (const store of stores.splice(0)) await store.close().catch(() => undefined);
    });
    afterAll(async () => {
      await db?.dispose();
    });

    it('should give a client that moves to the other server every later event once, in order', async () => {
      const storeA = openStore(db.url);
      const storeB = openStore(db.url);
      stores.push(storeA, storeB);
      dc = await startDirectConnectRig(
        {
          script: [reply(text('The first turn, read on A.')), reply(text('The second turn, read on B.'))],
        },
        { sessionStore: storeA },
      );
      other = await startDirectConnectServer({
        token: dc.token,
        roots: [dc.rig.sandbox.cwd],
        sessionStore: storeB,
        logger: () => undefined,
        cli: { env: dc.rig.env },
      });
      const { httpUrl } = dc.server;
      const created = await fetch(`${httpUrl}/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${dc.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cwd: dc.rig.sandbox.cwd }),
      });
      expect(created.status).toBe(201);
      const id = ((await created.json()) as { session_id: string }).session_id;
      const post = async (payload: Record<string, unknown> | undefined) => {
        const answer = await postSseEvent(httpUrl, dc?.token ?? '', id, {
          session_id: id,
          event_id: randomUUID(),
          ...(payload === undefined ? { end_of_input: true } : { payload }),
        });
        expect(answer.status).toBe(200);
      };
      // The whole log as A serves it, for reference.
      const reference = await openSseStream(httpUrl, dc.token, id);
      streams.push(reference);
      const results = (s: SseStreamClient) => s.events.filter((e) => e.payload?.['type'] === 'result').length;
      // The moving client reads the first turn on A, then leaves.
      const onA = await openSseStream(httpUrl, dc.token, id);
      streams.push(onA);
      await post(INITIALIZE);
      await post(userMessage('first'));
      await onA.waitFor((s) => results(s) === 1, 120_000);
      onA.close();
      const cursor = onA.events.at(-1);
      expect(cursor).toBeDefined();
      // It comes back on B with its Last-Event-ID while the turn goes on on A.
      const onB = await openSseStream(other.httpUrl, dc.token, id, {
        lastEventId: `${id}:${cursor?.sequence_num}`,
      });
      streams.push(onB);
      expect(onB.status).toBe(200);
      // The second turn runs on A while the client reads on B.
      await post(userMessage('second'));
      await reference.waitFor((s) => results(s) === 2, 120_000);
      await post(undefined);
      await reference.ended;
      await onB.ended;
      const numbers = (s: SseStreamClient) => s.events.map((e) => e.sequence_num);
      const all = numbers(reference);
      // Dense from 1, so nothing between the two servers can hide.
      expect(all).toEqual(all.map((_, i) => i + 1));
      expect([...numbers(onA), ...numbers(onB)]).toEqual(all);
      expect(onB.events.map((e) => e.event_id)).toEqual(
        reference.events.slice(onA.events.length).map((e) => e.event_id),
      );
      expect(onB.frames.at(-1)?.event).toBe('session_ended');
      expect(JSON.stringify(onA.events)).toContain('The first turn, read on A.');
      expect(JSON.stringify(onB.events)).toContain('The second turn, read on B.');
      expect(JSON.stringify(onB.events)).not.toContain('The first turn, read on A.');
    }, 180_000);
  },
);
