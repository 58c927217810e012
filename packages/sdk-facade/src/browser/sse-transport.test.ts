import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BrowserSdkError } from './browser-error.js';
import type { SSEOptions } from './browser-types.js';
import { FakeSseServer, seededRandom } from './sse-test-server.test-support.js';
import { BrowserSseTransport } from './sse-transport.js';

let server: FakeSseServer;
const open: BrowserSseTransport[] = [];

beforeEach(async () => {
  server = new FakeSseServer();
  await server.listen();
});

afterEach(async () => {
  for (const transport of open.splice(0)) await transport.close();
  await server.close();
});

interface Harness {
  transport: BrowserSseTransport;
  messages: Record<string, unknown>[];
  closed: Promise<{ error?: Error }>;
}

function connect(options: Partial<SSEOptions> = {}, maxFrameChars?: number): Harness {
  const transport = new BrowserSseTransport(
    {
      streamUrl: server.streamUrl,
      sendUrl: server.sendUrl,
      sessionId: server.sessionId,
      headers: { authorization: 'Bearer t' },
      ...options,
    },
    { retryDelayMs: () => 5, ...(maxFrameChars !== undefined ? { maxFrameChars } : {}) },
  );
  open.push(transport);
  const messages: Record<string, unknown>[] = [];
  transport.onmessage = (message) => messages.push(message as Record<string, unknown>);
  const closed = new Promise<{ error?: Error }>((resolve) => {
    transport.onclose = (info) => resolve(info);
  });
  return { transport, messages, closed };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('BrowserSseTransport, reading', () => {
  it('delivers durable events in order, records envelopes by identity, strips ccr_event', async () => {
    server.append('worker', { type: 'system', n: 1 });
    server.append('worker', { type: 'assistant', n: 2, ccr_event: { sequence_num: 999 } });
    const { transport, messages } = connect();
    await transport.start();
    await until(() => messages.length === 2, 'two messages');
    expect(messages.map((m) => m['n'])).toEqual([1, 2]);
    expect(messages[1]).not.toHaveProperty('ccr_event');
    expect(transport.envelopeOf(messages[1])).toEqual({
      event_id: 'ev-2',
      sequence_num: 2,
      created_at: server.events[1]?.created_at,
      source: 'worker',
    });
    expect(transport.envelopeOf({ ...messages[1] })).toBeUndefined();
    expect(server.streamRequests[0]).toEqual({ url: '/sessions/s1/events/stream', lastEventId: undefined });
  });

  it('asks for from_sequence_num on the first connect and takes only later events', async () => {
    for (let n = 1; n <= 4; n += 1) server.append('worker', { type: 'assistant', n });
    const { transport, messages } = connect({ fromSequenceNum: 2 });
    await transport.start();
    await until(() => messages.length === 2, 'two messages');
    expect(messages.map((m) => m['n'])).toEqual([3, 4]);
    expect(server.streamRequests[0]?.url).toBe('/sessions/s1/events/stream?from_sequence_num=2');
    expect(transport.lastYieldedSequenceNum()).toBe(2);
  });

  it.each(Array.from({ length: 40 }, (_, seed) => seed))(
    'survives cuts at random byte offsets with exactly-once, in-order delivery (seed %i)',
    async (seed) => {
      const random = seededRandom(seed + 1);
      const total = 25;
      for (let n = 1; n <= 12; n += 1)
        server.append('worker', { type: 'assistant', n, text: 'é'.repeat(n * 7) });
      let cuts = 0;
      server.cutAfterBytes = () => (cuts++ < 6 ? 1 + Math.floor(random() * 900) : undefined);
      server.chunkBytes = () => 1 + Math.floor(random() * 40);
      const { transport, messages } = connect();
      await transport.start();
      for (let n = 13; n <= total; n += 1) {
        server.append('worker', { type: 'assistant', n, text: '✓'.repeat(n) });
        if (random() < 0.3) server.cutAll();
        await new Promise((resolve) => setTimeout(resolve, random() * 4));
      }
      await until(() => messages.length >= total, `${total} messages`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(messages.map((m) => m['n'])).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      const reconnects = server.streamRequests.slice(1);
      expect(reconnects.length).toBeGreaterThan(0);
      for (const request of reconnects) expect(request.lastEventId ?? 's1:0').toMatch(/^s1:\d+$/);
    },
  );

  it('hands ephemeral payloads on without an envelope', async () => {
    const { transport, messages } = connect();
    await transport.start();
    await until(() => server.connectionCount === 1, 'the stream');
    server.broadcast(
      `event: ephemeral\ndata: ${JSON.stringify({ payload: { type: 'stream_event', ccr_event: 1 } })}\n\n`,
    );
    await until(() => messages.length === 1, 'the ephemeral');
    expect(messages[0]).toEqual({ type: 'stream_event' });
    expect(transport.envelopeOf(messages[0])).toBeUndefined();
  });

  it('counts malformed, unknown, oversized and duplicate frames and goes on', async () => {
    server.preamble = [
      'event: client_event\ndata: {not json\n\n',
      'event: client_event\ndata: {"event_id":"x","sequence_num":"1","payload":{}}\n\n',
      'event: surprise\ndata: {}\n\n',
      `event: client_event\ndata: ${'x'.repeat(5000)}\n\n`,
      `event: client_event\ndata: ${JSON.stringify({ event_id: 'old', sequence_num: 1, source: 'worker', payload: { n: 0 } })}\n\n`,
    ].join('');
    server.append('worker', { type: 'assistant', n: 1 });
    const { transport, messages } = connect({}, 1000);
    await transport.start();
    await until(() => messages.length === 1, 'the message');
    expect(messages[0]?.['n']).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messages).toHaveLength(1);
    expect(transport.dropCounts()).toEqual({
      malformed_json: 1,
      malformed_event: 1,
      unknown_event: 1,
      oversized_frame: 1,
      duplicate: 1,
    });
  });

  it('consumes the echo of its own posts and drops what peers posted to the CLI as user or control frames', async () => {
    const { transport, messages } = connect();
    await transport.start();
    await transport.send({ type: 'user', message: { role: 'user', content: 'mine' } });
    server.append('client', { type: 'user', message: { role: 'user', content: 'peer' } }, 'peer-1');
    server.append('client', { type: 'control_request', request_id: 'r', request: { subtype: 'initialize' } });
    server.append('client', { type: 'keep_alive', n: 'peer-other' });
    server.append('worker', { type: 'assistant', n: 'worker' });
    await until(() => messages.length === 2, 'two messages');
    expect(messages.map((m) => m['n'])).toEqual(['peer-other', 'worker']);
    expect(transport.dropCounts()).toEqual({ peer_user_frame: 1, peer_control_frame: 1 });
  });

  it('reports catch_up_truncated, moves its cursor past the gap and contains a throwing handler', async () => {
    let truncated = 0;
    const warnings: Error[] = [];
    server.preamble = `event: catch_up_truncated\ndata: ${JSON.stringify({ requested_sequence_num: 0, resumed_after_sequence_num: 2 })}\n\n`;
    for (let n = 1; n <= 3; n += 1) server.append('worker', { type: 'assistant', n });
    const { transport, messages } = connect({
      onCatchUpTruncated: () => {
        truncated += 1;
        throw new Error('handler bug');
      },
    });
    transport.onerror = (error) => warnings.push(error);
    await transport.start();
    await until(() => messages.length === 1, 'the message after the gap');
    expect(messages[0]?.['n']).toBe(3);
    expect(truncated).toBe(1);
    expect(warnings[0]?.message).toMatch(/onCatchUpTruncated threw/);
    expect(transport.dropCounts()['catch_up_truncated']).toBe(1);
  });

  it('passes delivery updates to onDeliveryUpdate, counts malformed ones and contains a throw', async () => {
    const updates: unknown[] = [];
    const { transport } = connect({
      onDeliveryUpdate: (update) => {
        updates.push(update);
        if (update.status === 'DELIVERY_STATUS_PROCESSED') throw new Error('boom');
      },
    });
    await transport.start();
    await until(() => server.connectionCount === 1, 'the stream');
    const frame = (data: unknown): string => `event: delivery_update\ndata: ${JSON.stringify(data)}\n\n`;
    server.broadcast(frame({ event_id: 'e1', status: 'DELIVERY_STATUS_RECEIVED', timestamp: 't1' }));
    server.broadcast(frame({ event_id: 'e1', status: 42 }));
    server.broadcast(frame({ status: 'DELIVERY_STATUS_PROCESSING' }));
    server.broadcast(frame({ event_id: 'e1', status: 'DELIVERY_STATUS_PROCESSED' }));
    server.broadcast(frame({ event_id: 'e1', status: 'SOMETHING_NEW' }));
    await until(() => updates.length === 3, 'three updates');
    expect(updates).toEqual([
      { event_id: 'e1', status: 'DELIVERY_STATUS_RECEIVED', timestamp: 't1' },
      { event_id: 'e1', status: 'DELIVERY_STATUS_PROCESSED' },
      { event_id: 'e1', status: 'SOMETHING_NEW' },
    ]);
    expect(transport.dropCounts()).toEqual({ malformed_delivery_update: 2 });
  });

  it('finishes without error on session_ended 1000 and does not reconnect', async () => {
    server.append('worker', { type: 'result', n: 1 });
    const { transport, messages, closed } = connect();
    await transport.start();
    server.end(1000);
    expect(await closed).toEqual({});
    expect(messages).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.streamRequests).toHaveLength(1);
  });

  it('fails with the close code on another session_ended', async () => {
    const { transport, closed } = connect();
    await transport.start();
    server.end(4001, 'the CLI exited with code 1');
    const { error } = await closed;
    expect(error).toBeInstanceOf(BrowserSdkError);
    expect(error).toMatchObject({ code: 'SSE_SESSION_ENDED', closeCode: 4001 });
  });
});

describe('BrowserSseTransport, refusals', () => {
  it('rejects start with the server code of a refused stream', async () => {
    server.refuseStreams = { status: 401, code: 'unauthorized' };
    const { transport, closed } = connect();
    const error = await transport.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrowserSdkError);
    expect(error).toMatchObject({ code: 'SSE_REFUSED', status: 401, serverCode: 'unauthorized' });
    expect((await closed).error).toBe(error);
  });

  it('fails the transport when a reconnect is refused (a cursor the server rejects)', async () => {
    server.append('worker', { type: 'assistant', n: 1 });
    const { transport, messages, closed } = connect();
    await transport.start();
    await until(() => messages.length === 1, 'the message');
    server.refuseStreams = { status: 400, code: 'invalid_cursor' };
    server.cutAll();
    const { error } = await closed;
    expect(error).toMatchObject({ code: 'SSE_REFUSED', status: 400, serverCode: 'invalid_cursor' });
    expect(server.streamRequests[1]?.lastEventId).toBe('s1:1');
  });

  it('retries a 503 stream answer instead of failing', async () => {
    server.refuseStreams = { status: 503, code: 'unavailable' };
    const { transport, messages } = connect();
    const started = transport.start();
    await until(() => server.streamRequests.length >= 3, 'three attempts');
    server.refuseStreams = undefined;
    server.append('worker', { type: 'assistant', n: 1 });
    await started;
    await until(() => messages.length === 1, 'the message');
  });

  it('fails start at once when the server cannot be reached', async () => {
    const transport = new BrowserSseTransport({
      streamUrl: 'http://127.0.0.1:1/x',
      sendUrl: 'http://127.0.0.1:1/y',
      sessionId: 's',
    });
    await expect(transport.start()).rejects.toMatchObject({ code: 'SSE_FAILED' });
  });
});

describe('BrowserSseTransport, sending', () => {
  it('posts each message once, in order, with a fresh event id, then end_of_input', async () => {
    const { transport } = connect();
    await transport.start();
    await Promise.all([transport.send({ n: 1 }), transport.send({ n: 2 }), transport.send({ n: 3 })]);
    await transport.endInput();
    expect(
      server.taken.map((b) => (b['payload'] as { n?: number } | undefined)?.n ?? b['end_of_input']),
    ).toEqual([1, 2, 3, true]);
    const ids = server.taken.map((b) => b['event_id']);
    expect(new Set(ids).size).toBe(4);
    for (const body of server.taken) expect(body['session_id']).toBe('s1');
    await expect(transport.send({ n: 4 })).rejects.toMatchObject({ code: 'SSE_CLOSED' });
  });

  it('retries a 503 and a cut answer with the same event id: the CLI gets the line once', async () => {
    const cli: unknown[] = [];
    server.onPost = (body) => cli.push(body['payload']);
    const { transport, messages } = connect();
    await transport.start();
    server.failPosts = 2;
    await transport.send({ type: 'control_response', n: 1 });
    server.cutPostsAfterTaking = 1;
    await transport.send({ type: 'control_response', n: 2 });
    expect(cli).toEqual([
      { type: 'control_response', n: 1 },
      { type: 'control_response', n: 2 },
    ]);
    const attempts = server.attempts.map((b) => b['event_id']);
    expect(attempts).toHaveLength(5);
    expect(new Set(attempts.slice(0, 3)).size).toBe(1);
    expect(new Set(attempts.slice(3)).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(messages).toEqual([]);
  });

  it('rejects a refused send with the server code and goes on with the next', async () => {
    const { transport } = connect({ sessionId: 'other' });
    server.refuseStreams = undefined;
    await transport.start();
    await expect(transport.send({ n: 1 })).rejects.toMatchObject({
      code: 'SSE_SEND_REFUSED',
      status: 400,
      serverCode: 'session_mismatch',
    });
  });
});

describe('BrowserSseTransport, suspend and resume', () => {
  it('closes the stream, then replays what it missed after the last event received', async () => {
    server.append('worker', { type: 'assistant', n: 1 });
    const { transport, messages } = connect();
    await transport.start();
    await until(() => messages.length === 1, 'the first message');
    expect(transport.suspend()).toBe(true);
    expect(transport.suspend()).toBe(false);
    await until(() => server.connectionCount === 0, 'the stream to close');
    server.append('worker', { type: 'assistant', n: 2 });
    server.append('worker', { type: 'assistant', n: 3 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(messages).toHaveLength(1);
    expect(transport.resume()).toBe(true);
    expect(transport.resume()).toBe(false);
    await until(() => messages.length === 3, 'the replay');
    expect(messages.map((m) => m['n'])).toEqual([1, 2, 3]);
    expect(server.streamRequests.at(-1)?.lastEventId).toBe('s1:1');
  });

  it('reopens the stream on the next send', async () => {
    const { transport } = connect();
    await transport.start();
    transport.suspend();
    await until(() => server.connectionCount === 0, 'the stream to close');
    await transport.send({ n: 1 });
    expect(transport.suspended).toBe(false);
    await until(() => server.connectionCount === 1, 'the stream to reopen');
  });

  it('reopens the stream on endInput, so the end of the session arrives', async () => {
    const { transport, closed } = connect();
    server.onPost = (body) => {
      if (body['end_of_input'] === true) setTimeout(() => server.end(1000), 5);
    };
    await transport.start();
    transport.suspend();
    await until(() => server.connectionCount === 0, 'the stream to close');
    await transport.endInput();
    expect(await closed).toEqual({});
  });

  it('resolves endInput when the session ends before the answer to end_of_input arrives', async () => {
    const { transport, closed } = connect();
    server.onPost = (body) => {
      if (body['end_of_input'] !== true) return;
      // The server ends the session on the end of input, and its answer to the POST is lost.
      server.cutPostsAfterTaking = 1;
      server.end(1000);
    };
    await transport.start();
    await transport.endInput();
    expect(await closed).toEqual({});
  });

  it('refuses to suspend or resume a closed transport', async () => {
    const { transport } = connect();
    await transport.start();
    await transport.close();
    expect(transport.suspend()).toBe(false);
    expect(transport.resume()).toBe(false);
  });
});
