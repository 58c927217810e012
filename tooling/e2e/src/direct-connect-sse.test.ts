/**
 * Issue 21, part 2 (SSE), end to end: a `ccsdk serve` session read over its event stream and
 * driven by POSTs, through our server and the real CLI against the scripted fake Messages API.
 * Node's `fetch` is the client; no SDK in between, so the wire itself is what is tested.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type DirectConnectServer, startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { InMemorySessionStore } from '@ccsdk/session-store';
import { reply, text, toolUse } from '@ccsdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type DirectConnectRig, startDirectConnectRig } from './direct-connect-rig.js';
import { waitForNoProcessesWithEnv } from './support/process-table.js';
import {
  openSseStream,
  postSseEvent,
  type SseEventRead,
  type SseStreamClient,
} from './support/sse-client.js';

let dc: DirectConnectRig | undefined;
let second: DirectConnectServer | undefined;
const streams: SseStreamClient[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await second?.close();
  second = undefined;
  await dc?.dispose();
  dc = undefined;
});

const INITIALIZE = { type: 'control_request', request_id: 'init-1', request: { subtype: 'initialize' } };
const userMessage = (content: string) => ({
  type: 'user',
  message: { role: 'user', content },
  parent_tool_use_id: null,
  session_id: '',
});

/** `POST /sessions` in the sandbox; resolves with the session id. */
async function createSession(rig: DirectConnectRig): Promise<string> {
  const response = await fetch(`${rig.server.httpUrl}/sessions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${rig.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cwd: rig.rig.sandbox.cwd }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_id: string }).session_id;
}

async function stream(
  rig: DirectConnectRig,
  id: string,
  cursor?: Parameters<typeof openSseStream>[3],
): Promise<SseStreamClient> {
  const opened = await openSseStream(rig.server.httpUrl, rig.token, id, cursor);
  streams.push(opened);
  return opened;
}

async function post(
  rig: DirectConnectRig,
  id: string,
  payload: Record<string, unknown>,
  eventId: string = randomUUID(),
) {
  const answer = await postSseEvent(rig.server.httpUrl, rig.token, id, {
    session_id: id,
    event_id: eventId,
    payload,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const typeOf = (event: SseEventRead): unknown => event.payload?.['type'];
const hasResult = (s: SseStreamClient): boolean => s.events.some((e) => typeOf(e) === 'result');

function assistantTexts(events: readonly SseEventRead[]): string[] {
  return events
    .filter((e) => typeOf(e) === 'assistant')
    .flatMap(
      (e) => (e.payload?.['message'] as { content?: { type: string; text?: string }[] })?.content ?? [],
    )
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '');
}

function deliveries(s: SseStreamClient, eventId: string): string[] {
  return s.frames
    .filter((f) => f.event === 'delivery_update')
    .map((f) => JSON.parse(f.data ?? '{}') as { event_id: string; status: string })
    .filter((u) => u.event_id === eventId)
    .map((u) => u.status);
}

describe('ccsdk serve over SSE, with the real CLI', () => {
  it('should stream a turn started by posting initialize and a user message, with delivery updates, then end', async () => {
    dc = await startDirectConnectRig({ script: [reply(text('Hello over SSE.'))] });
    const id = await createSession(dc);
    const live = await stream(dc, id);
    expect(live.status).toBe(200);
    await post(dc, id, INITIALIZE);
    await live.waitFor((s) =>
      s.events.some((e) => typeOf(e) === 'control_response' && JSON.stringify(e.payload).includes('init-1')),
    );
    const accepted = await post(dc, id, userMessage('hi, marker-sse-1'), 'user-1');
    expect(accepted).toMatchObject({ event_id: 'user-1' });
    await live.waitFor(hasResult);
    await live.waitFor((s) => deliveries(s, 'user-1').includes('DELIVERY_STATUS_PROCESSED'));
    expect(assistantTexts(live.events)).toContain('Hello over SSE.');
    expect(deliveries(live, 'user-1')).toEqual([
      'DELIVERY_STATUS_RECEIVED',
      'DELIVERY_STATUS_PROCESSING',
      'DELIVERY_STATUS_PROCESSED',
    ]);
    const echoed = live.events.filter((e) => e.source === 'client');
    expect(echoed.map((e) => e.event_id)).toEqual([expect.any(String), 'user-1']);
    expect(echoed[1]?.sequence_num).toBe(accepted['sequence_num']);
    expect(dc.rig.fake.mainRequests().some((r) => r.lastUserText.includes('marker-sse-1'))).toBe(true);

    const end = await postSseEvent(dc.server.httpUrl, dc.token, id, {
      session_id: id,
      event_id: 'eoi',
      end_of_input: true,
    });
    expect(end.body).toEqual({ event_id: 'eoi' });
    await live.ended;
    const last = live.events.at(-1);
    expect(live.frames.filter((f) => f.event === 'session_ended')).toHaveLength(1);
    expect(last).toMatchObject({ code: 1000 });
    expect(live.events.map((e) => e.sequence_num)).toEqual(live.events.map((_, i) => i + 1));
    expect(await waitForNoProcessesWithEnv(dc.rig.processMarker, 10_000)).toEqual([]);
  });

  it('should run a Bash call whose can_use_tool request is answered by a posted control_response', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('Bash', { command: 'touch sse-allowed.txt', description: 'create a file' })),
        reply(text('Created over SSE.')),
      ],
    });
    const id = await createSession(dc);
    const live = await stream(dc, id);
    await post(dc, id, INITIALIZE);
    await post(dc, id, userMessage('Create the file'));
    const isAsk = (e: SseEventRead) =>
      typeOf(e) === 'control_request' &&
      (e.payload?.['request'] as { subtype?: string })?.subtype === 'can_use_tool';
    await live.waitFor((s) => s.events.some(isAsk));
    const ask = live.events.find(isAsk)?.payload as {
      request_id: string;
      request: { tool_name: string; input: object };
    };
    expect(ask.request.tool_name).toBe('Bash');
    await post(dc, id, {
      type: 'control_response',
      response: {
        subtype: 'success',
        request_id: ask.request_id,
        response: { behavior: 'allow', updatedInput: ask.request.input },
      },
    });
    await live.waitFor(hasResult);
    expect(existsSync(join(dc.rig.sandbox.cwd, 'sse-allowed.txt'))).toBe(true);
    expect(assistantTexts(live.events)).toContain('Created over SSE.');
    expect(dc.rig.fake.mainRequests().flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false }),
    ]);
    expect(live.events.filter(isAsk)).toHaveLength(1);
  });

  it('should give a client that reconnects mid-turn by Last-Event-ID the rest of the turn exactly once', async () => {
    dc = await startDirectConnectRig({
      script: [
        reply(toolUse('Bash', { command: 'echo sse-mid-turn', description: 'say something' })),
        { ...reply(text('After the cut.')), delayMs: 1_500 },
      ],
    });
    const id = await createSession(dc);
    const first = await stream(dc, id);
    await post(dc, id, INITIALIZE);
    await post(dc, id, userMessage('Run echo'));
    await first.waitFor((s) => s.events.some((e) => typeOf(e) === 'assistant'));
    first.close();
    await first.ended;
    const cursor = (first.events.at(-1) as SseEventRead).sequence_num;
    const resumed = await stream(dc, id, { lastEventId: `${id}:${cursor}` });
    await resumed.waitFor(hasResult);
    expect(resumed.frames.some((f) => f.event === 'catch_up_truncated')).toBe(false);
    expect(resumed.events[0]?.sequence_num).toBe(cursor + 1);
    expect(assistantTexts(resumed.events)).toContain('After the cut.');
    const union = [...first.events, ...resumed.events];
    expect(union.map((e) => e.sequence_num)).toEqual(union.map((_, i) => i + 1));
    // A replay of the whole log from the start matches what the two connections saw together.
    const whole = await stream(dc, id, { fromSequenceNum: '0' });
    await whole.waitFor((s) => s.events.length >= union.length);
    expect(whole.events.slice(0, union.length).map((e) => [e.sequence_num, e.event_id])).toEqual(
      union.map((e) => [e.sequence_num, e.event_id]),
    );
  });

  it('should lose and repeat nothing over 20 random cuts of the stream, one while the permission prompt waits', async () => {
    dc = await startDirectConnectRig({
      script: [
        {
          ...reply(toolUse('Bash', { command: 'touch sse-cut.txt', description: 'create a file' })),
          delayMs: 400,
        },
        { ...reply(text('Done through the cuts.')), delayMs: 1_200 },
      ],
    });
    const id = await createSession(dc);
    await post(dc, id, INITIALIZE);
    await post(dc, id, userMessage('Create the file through the cuts'));
    const seen: SseEventRead[] = [];
    let answered = 0;
    let cuts = 0;
    const isAsk = (e: SseEventRead) =>
      typeOf(e) === 'control_request' &&
      (e.payload?.['request'] as { subtype?: string })?.subtype === 'can_use_tool';
    while (!seen.some((e) => typeOf(e) === 'result') || cuts < 20) {
      const cursor = seen.at(-1)?.sequence_num ?? 0;
      const s = await openSseStream(
        dc.server.httpUrl,
        dc.token,
        id,
        cursor === 0 ? {} : { lastEventId: `${id}:${cursor}` },
      );
      expect(s.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 180));
      s.close();
      await s.ended;
      cuts += 1;
      seen.push(...s.events);
      const ask = s.events.find(isAsk)?.payload as
        | { request_id: string; request: { input: object } }
        | undefined;
      if (ask !== undefined) {
        // Answer from the next connection's side, and once more as a retry after a cut: taken once.
        const answer = {
          type: 'control_response',
          response: {
            subtype: 'success',
            request_id: ask.request_id,
            response: { behavior: 'allow', updatedInput: ask.request.input },
          },
        };
        const first = await post(dc, id, answer, 'permission-answer');
        const retry = await post(dc, id, answer, 'permission-answer');
        expect(retry).toEqual({ ...first, duplicate: true });
        answered += 1;
      }
    }
    expect(cuts).toBeGreaterThanOrEqual(20);
    expect(answered).toBe(1);
    expect(seen.map((e) => e.sequence_num)).toEqual(seen.map((_, i) => i + 1));
    const whole = await stream(dc, id);
    await whole.waitFor((s) => s.events.length >= seen.length);
    expect(whole.events.slice(0, seen.length).map((e) => e.event_id)).toEqual(seen.map((e) => e.event_id));
    expect(seen.filter((e) => e.event_id === 'permission-answer')).toHaveLength(1);
    expect(existsSync(join(dc.rig.sandbox.cwd, 'sse-cut.txt'))).toBe(true);
    expect(assistantTexts(seen)).toContain('Done through the cuts.');
    expect(dc.rig.fake.mainRequests().flatMap((r) => r.toolResults)).toEqual([
      expect.objectContaining({ isError: false }),
    ]);
  });

  it('should let a second server on the same store replay the whole log of a session of the first', async () => {
    const store = new InMemorySessionStore();
    dc = await startDirectConnectRig(
      { script: [reply(text('Stored for the other server.'))] },
      { sessionStore: store },
    );
    second = await startDirectConnectServer({
      token: dc.token,
      roots: [dc.rig.sandbox.cwd],
      sessionStore: store,
      logger: () => undefined,
      cli: { env: dc.rig.env },
    });
    const id = await createSession(dc);
    const onFirst = await stream(dc, id);
    await post(dc, id, INITIALIZE);
    // The second server tails the live session from the store.
    const tail = await openSseStream(second.httpUrl, dc.token, id);
    streams.push(tail);
    expect(tail.status).toBe(200);
    await post(dc, id, userMessage('hello'));
    await onFirst.waitFor(hasResult);
    await postSseEvent(dc.server.httpUrl, dc.token, id, {
      session_id: id,
      event_id: 'eoi',
      end_of_input: true,
    });
    await onFirst.ended;
    await tail.ended;
    const replay = await openSseStream(second.httpUrl, dc.token, id);
    streams.push(replay);
    await replay.ended;
    const seen = (s: SseStreamClient) => s.events.map((e) => [e.sequence_num, e.event_id ?? 'ended']);
    expect(seen(tail)).toEqual(seen(onFirst));
    expect(seen(replay)).toEqual(seen(onFirst));
    expect(assistantTexts(replay.events)).toContain('Stored for the other server.');
    expect(replay.frames.at(-1)?.event).toBe('session_ended');
    const late = await postSseEvent(second.httpUrl, dc.token, id, {
      session_id: id,
      event_id: 'x',
      payload: {},
    });
    expect(late.status).toBe(409);
  });

  it('should refuse hostile requests clearly and go on with the session', async () => {
    dc = await startDirectConnectRig(
      { script: [reply(text('Still fine.'))] },
      { maxMessageBytes: 1024 * 1024 },
    );
    const id = await createSession(dc);
    const other = await createSession(dc);
    const noToken = await fetch(`${dc.server.httpUrl}/sessions/${id}/events/stream`);
    expect(noToken.status).toBe(401);
    const wrong = await openSseStream(dc.server.httpUrl, 'not-the-token-0123456789', id);
    expect(wrong.status).toBe(401);
    const cases: [Parameters<typeof openSseStream>[3], string][] = [
      [{ lastEventId: `${id}:${'9'.repeat(500)}` }, 'invalid_cursor'],
      [{ lastEventId: `${other}:0` }, 'cursor_session_mismatch'],
      [{ lastEventId: `${id}:12` }, 'cursor_ahead'],
      [{ fromSequenceNum: '-1' }, 'invalid_cursor'],
    ];
    for (const [cursor, code] of cases) {
      const refused = await openSseStream(dc.server.httpUrl, dc.token, id, cursor);
      await refused.ended;
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code } });
    }
    const big = await postSseEvent(dc.server.httpUrl, dc.token, id, {
      session_id: id,
      event_id: 'big',
      payload: { type: 'user', padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ error: { code: 'payload_too_large' } });
    const malformed = await postSseEvent(dc.server.httpUrl, dc.token, id, '{"session_id":');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: { code: 'invalid_event' } });
    const live = await stream(dc, id);
    await post(dc, id, INITIALIZE, 'init-event');
    const again = await postSseEvent(dc.server.httpUrl, dc.token, id, {
      session_id: id,
      event_id: 'init-event',
      payload: INITIALIZE,
    });
    expect(again.body).toMatchObject({ event_id: 'init-event', duplicate: true });
    await post(dc, id, userMessage('hi'));
    await live.waitFor(hasResult);
    expect(assistantTexts(live.events)).toContain('Still fine.');
    expect(live.events.filter((e) => e.event_id === 'init-event')).toHaveLength(1);
    expect(JSON.stringify(dc.logs)).not.toContain(dc.token);
  });
});
