import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../test/http-client.js';
import { framesNamed } from '../../test/sse-client.js';
import { type SseTestServer, startSseTestServer, TOKEN, until } from '../../test/sse-server.js';

let t: SseTestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(options: Parameters<typeof startSseTestServer>[0] = {}): Promise<SseTestServer> {
  t = await startSseTestServer(options);
  return t;
}

const user = {
  type: 'user',
  message: { role: 'user', content: 'hi' },
  parent_tool_use_id: null,
  session_id: '',
};

describe('POST /sessions/:id/events', () => {
  it('should store the event as a durable client event, echo it, hand the line to the CLI and answer its sequence number', async () => {
    const s = await start();
    const { id, link } = await s.create();
    const stream = await s.stream(id);
    const answer = await s.post(id, { session_id: id, event_id: 'ev-1', payload: user });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ event_id: 'ev-1', sequence_num: 1 });
    expect(link.received.map((b) => JSON.parse(b.toString('utf8')))).toEqual([user]);
    await stream.waitFor((x) => x.events.length === 1);
    expect(stream.events[0]).toMatchObject({
      event_id: 'ev-1',
      sequence_num: 1,
      source: 'client',
      payload: user,
    });
    stream.close();
  });

  it('should answer a repeated event_id with the first answer and duplicate: true, and send the CLI nothing more', async () => {
    const s = await start();
    const { id, link } = await s.create();
    const body = { session_id: id, event_id: 'same-id', payload: user };
    const [first, second] = await Promise.all([s.post(id, body), s.post(id, body)]);
    const third = await s.post(id, { ...body, payload: { type: 'user', other: true } });
    const answers = [first, second].map((a) => a?.body);
    expect(answers).toContainEqual({ event_id: 'same-id', sequence_num: 1 });
    expect(answers).toContainEqual({ event_id: 'same-id', sequence_num: 1, duplicate: true });
    expect(third.body).toEqual({ event_id: 'same-id', sequence_num: 1, duplicate: true });
    expect(link.received).toHaveLength(1);
  });

  it('should send RECEIVED, then PROCESSING with the next CLI line, then PROCESSED after the result', async () => {
    const s = await start();
    const { id, link } = await s.create();
    const stream = await s.stream(id);
    await s.post(id, { session_id: id, event_id: 'u1', payload: user });
    await s.post(id, { session_id: id, event_id: 'u2', payload: user });
    await s.post(id, { session_id: id, event_id: 'c1', payload: { type: 'control_response', response: {} } });
    link.emit(JSON.stringify({ type: 'system', subtype: 'init' }));
    link.emit(JSON.stringify({ type: 'stream_event' }));
    link.emit(JSON.stringify({ type: 'result', subtype: 'success' }));
    link.emit(JSON.stringify({ type: 'assistant' }));
    link.emit(JSON.stringify({ type: 'result', subtype: 'success' }));
    await stream.waitFor((x) => framesNamed(x.frames, 'delivery_update').length === 7);
    const sequence = stream.frames
      .filter((f) => f.event === 'delivery_update' || f.event === 'client_event')
      .map((f) => {
        const data = JSON.parse(f.data ?? '{}');
        return f.event === 'delivery_update'
          ? `${data.event_id}:${String(data.status).replace('DELIVERY_STATUS_', '')}`
          : `${data.source}:${data.payload.type}`;
      });
    expect(sequence).toEqual([
      'client:user',
      'u1:RECEIVED',
      'client:user',
      'u2:RECEIVED',
      'client:control_response',
      'c1:RECEIVED',
      'u1:PROCESSING',
      'worker:system',
      'worker:result',
      'u1:PROCESSED',
      'u2:PROCESSING',
      'worker:assistant',
      'worker:result',
      'u2:PROCESSED',
    ]);
    expect(
      framesNamed(stream.frames, 'delivery_update').every((u) => typeof u['timestamp'] === 'string'),
    ).toBe(true);
    stream.close();
  });

  it('should end the CLI input on end_of_input without an echo', async () => {
    const s = await start();
    const { id, link } = await s.create();
    const answer = await s.post(id, { session_id: id, event_id: 'eoi', end_of_input: true });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ event_id: 'eoi' });
    expect(link.inputEnded).toBe(true);
    const stream = await s.stream(id);
    link.emit(JSON.stringify({ type: 'assistant' }));
    await stream.waitFor((x) => x.events.length === 1);
    expect(stream.events[0]).toMatchObject({ sequence_num: 1, source: 'worker' });
    stream.close();
  });

  it('should refuse a body past maxMessageBytes with 413 without sending anything', async () => {
    const s = await start({ maxMessageBytes: 4096 });
    const { id, link } = await s.create();
    const big = { session_id: id, event_id: 'big', payload: { type: 'user', text: 'x'.repeat(5000) } };
    const answer = await s.post(id, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(link.received).toEqual([]);
    const ok = await s.post(id, { session_id: id, event_id: 'small', payload: user });
    expect(ok.status).toBe(200);
  });

  it.each([
    ['malformed JSON', (id: string) => `{"session_id":"${id}","event_id":"a","payload":{`],
    ['a truncated body', () => '{"session_id"'],
    ['an array', () => '[]'],
    ['no event_id', (id: string) => ({ session_id: id, payload: {} })],
    ['an event_id with a slash', (id: string) => ({ session_id: id, event_id: 'a/b', payload: {} })],
    [
      'an event_id of 129 characters',
      (id: string) => ({ session_id: id, event_id: 'a'.repeat(129), payload: {} }),
    ],
    ['a payload that is a string', (id: string) => ({ session_id: id, event_id: 'a', payload: '{}' })],
    ['a payload that is an array', (id: string) => ({ session_id: id, event_id: 'a', payload: [] })],
    ['no payload', (id: string) => ({ session_id: id, event_id: 'a' })],
    ['end_of_input false', (id: string) => ({ session_id: id, event_id: 'a', end_of_input: false })],
    [
      'end_of_input with a payload',
      (id: string) => ({ session_id: id, event_id: 'a', end_of_input: true, payload: {} }),
    ],
    ['a numeric session_id', () => ({ session_id: 1, event_id: 'a', payload: {} })],
  ])('should refuse %s with 400 invalid_event', async (_label, body) => {
    const s = await start();
    const { id, link } = await s.create();
    const answer = await s.post(id, body(id));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { code: 'invalid_event' } });
    expect(link.received).toEqual([]);
  });

  it('should refuse another session_id with 400 session_mismatch, an unknown session with 404, other methods with 405', async () => {
    const s = await start();
    const { id, link } = await s.create();
    const other = await s.create();
    const mismatch = await s.post(id, { session_id: other.id, event_id: 'a', payload: user });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ error: { code: 'session_mismatch' } });
    const unknown = await s.post('00000000-0000-4000-8000-000000000000', {
      session_id: '00000000-0000-4000-8000-000000000000',
      event_id: 'a',
      payload: user,
    });
    expect(unknown.status).toBe(404);
    expect((await call(s.server.httpUrl, 'GET', `/sessions/${id}/events`, { token: TOKEN })).status).toBe(
      405,
    );
    expect((await call(s.server.httpUrl, 'POST', `/sessions/${id}/events`, { body: user })).status).toBe(401);
    expect(link.received).toEqual([]);
    expect(other.link.received).toEqual([]);
  });

  it('should leave another session undisturbed by hostile requests on one', async () => {
    const s = await start({ maxMessageBytes: 4096 });
    const victim = await s.create();
    const calm = await s.create();
    const calmStream = await s.stream(calm.id);
    const hostile = [
      s.stream(victim.id, { lastEventId: `${victim.id}:${'9'.repeat(120)}` }),
      s.stream(victim.id, { lastEventId: `${calm.id}:0` }),
      s.stream(victim.id, { lastEventId: 'x'.repeat(5000) }),
      s.post(victim.id, 'not json at all'),
      s.post(victim.id, { session_id: victim.id, event_id: 'big', payload: { t: 'x'.repeat(10_000) } }),
      s.post(victim.id, { session_id: calm.id, event_id: 'cross', payload: user }),
    ];
    await Promise.all(hostile);
    calm.link.emit(JSON.stringify({ type: 'assistant', ok: true }));
    const posted = await s.post(calm.id, { session_id: calm.id, event_id: 'fine', payload: user });
    expect(posted.body).toEqual({ event_id: 'fine', sequence_num: 2 });
    await calmStream.waitFor((x) => x.events.length === 2);
    expect(calmStream.events.map((e) => e.sequence_num)).toEqual([1, 2]);
    expect(calm.link.received).toHaveLength(1);
    expect(victim.link.received).toEqual([]);
    await until(() => s.server.sessions().length === 2);
    calmStream.close();
  });
});
