import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openStream } from '../../test/sse-client.js';
import { SseStream } from './sse-stream.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function serve(open: (stream: SseStream) => void): Promise<string> {
  server = createServer((_request, response) => {
    const stream = new SseStream({
      sessionId: 's',
      response,
      cursor: 2,
      maxPendingBytes: 1 << 20,
      log: () => undefined,
      onClose: () => undefined,
      keepAliveMs: 20,
    });
    open(stream);
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('SseStream', () => {
  it('should write a keep-alive comment every interval', async () => {
    const url = await serve(() => undefined);
    const client = await openStream(url, '/');
    await client.waitFor((s) => s.frames.filter((f) => f.comment === 'keepalive').length >= 2, 2_000);
    client.close();
  });

  it('should skip durable frames at or below the cursor, announce a gap once, and end after session_ended', async () => {
    const url = await serve((stream) => {
      stream.offer({ seq: 4, text: 'event: client_event\nid: s:4\ndata: {"sequence_num":4}\n\n' });
      void stream.replayed([
        { seq: 1, text: 'event: client_event\ndata: {"sequence_num":1}\n\n' },
        { seq: 3, text: 'event: client_event\nid: s:3\ndata: {"sequence_num":3}\n\n' },
        { seq: 4, text: 'event: client_event\nid: s:4\ndata: {"sequence_num":4}\n\n' },
      ]);
      stream.offer({ text: 'event: ephemeral\ndata: {"payload":{}}\n\n' });
      stream.offer({
        seq: 7,
        ends: true,
        text: 'event: session_ended\nid: s:7\ndata: {"sequence_num":7}\n\n',
      });
      stream.offer({ seq: 8, text: 'event: client_event\ndata: {"sequence_num":8}\n\n' });
    });
    const client = await openStream(url, '/');
    await client.ended;
    expect(client.frames.map((f) => f.event)).toEqual([
      'client_event',
      'client_event',
      'ephemeral',
      'catch_up_truncated',
      'session_ended',
    ]);
    expect(client.events.map((e) => e.sequence_num)).toEqual([3, 4, 7]);
    expect(JSON.parse(client.frames[3]?.data ?? '')).toEqual({
      requested_sequence_num: 2,
      resumed_after_sequence_num: 6,
    });
  });
});
