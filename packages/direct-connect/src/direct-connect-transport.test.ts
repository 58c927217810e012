import type { TransportCloseInfo } from '@ccsdk/control-protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { type StubBehaviour, type StubServer, startStubServer, until } from '../test/stub-server.js';
import { DirectConnectTransport } from './direct-connect-transport.js';
import { DirectConnectError } from './errors.js';
import type { DirectConnectTransportOptions } from './transport-options.js';

let stub: StubServer | undefined;
const transports: DirectConnectTransport[] = [];

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  await stub?.close();
  stub = undefined;
});

interface Recorded {
  transport: DirectConnectTransport;
  messages: unknown[];
  errors: Error[];
  closes: TransportCloseInfo[];
}

async function serve(behaviour: StubBehaviour): Promise<StubServer> {
  stub = await startStubServer(behaviour);
  return stub;
}

function connect(server: StubServer, options: Partial<DirectConnectTransportOptions> = {}): Recorded {
  const transport = new DirectConnectTransport({ url: server.url(), ...options });
  transports.push(transport);
  const recorded: Recorded = { transport, messages: [], errors: [], closes: [] };
  transport.onmessage = (m) => recorded.messages.push(m);
  transport.onerror = (e) => recorded.errors.push(e);
  transport.onclose = (info) => recorded.closes.push(info);
  return recorded;
}

async function rejection(promise: Promise<unknown>): Promise<DirectConnectError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!DirectConnectError.isInstance(error))
    throw new Error(`expected a DirectConnectError, got ${String(error)}`);
  return error;
}

/** A behaviour whose accepted socket sends `frames` in order. */
function sending(...frames: (string | Buffer)[]): StubBehaviour {
  return {
    onConnection: (socket) => {
      for (const frame of frames) socket.send(frame);
    },
  };
}

describe('DirectConnectTransport: creating the session', () => {
  it('should POST /sessions with cwd, session_key, permission_mode and the bearer token, then open the WebSocket', async () => {
    const server = await serve({});
    const { transport } = connect(server, { cwd: '/srv/app', sessionKey: 'k-1', permissionMode: 'plan' });
    await transport.start();
    const post = server.requests[0];
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe('/sessions');
    expect(post?.headers.authorization).toBe('Bearer tok-1');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      cwd: '/srv/app',
      session_key: 'k-1',
      permission_mode: 'plan',
    });
    expect(server.upgrades[0]?.authorization).toBe('Bearer tok-1');
    expect(transport.sessionId).toBe('s-1');
    expect(transport.workDir).toBe('/srv/work');
    expect(transport.wsUrl).toBe(`ws://127.0.0.1:${server.port}/ws/s-1`);
  });

  it('should send an empty object when no session option is set, and no authorization without a token', async () => {
    const server = await serve({});
    const transport = new DirectConnectTransport({ url: `cc://127.0.0.1:${server.port}` });
    transports.push(transport);
    await transport.start();
    expect(server.requests[0]?.body).toBe('{}');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('should reject a non-2xx create with SESSION_CREATE_REJECTED, the status and the server message', async () => {
    const server = await serve({
      create: () => ({
        status: 503,
        body: { error: { code: 'too_many_sessions', message: 'limit of 2 reached' } },
      }),
    });
    const { transport } = connect(server);
    const error = await rejection(transport.start());
    expect(error.code).toBe('SESSION_CREATE_REJECTED');
    expect(error.status).toBe(503);
    expect(error.message).toContain('limit of 2 reached');
    expect(server.upgrades).toHaveLength(0);
  });

  it.each([
    ['a body that is not JSON', 'this is not json'],
    ['no ws_url', { session_id: 'x' }],
    ['no session_id', { ws_url: '/ws/x' }],
    ['a ws_url on another host', { session_id: 'x', ws_url: 'ws://example.invalid:80/ws' }],
  ])('should reject %s with MALFORMED_SESSION_RESPONSE', async (_label, body) => {
    const server = await serve({ create: () => ({ status: 200, body }) });
    const error = await rejection(connect(server).transport.start());
    expect(error.code).toBe('MALFORMED_SESSION_RESPONSE');
    expect(server.upgrades).toHaveLength(0);
  });

  it('should reject an oversized create answer with MALFORMED_SESSION_RESPONSE', async () => {
    const server = await serve({ create: () => ({ status: 201, body: 'x'.repeat(200_000) }) });
    expect((await rejection(connect(server).transport.start())).code).toBe('MALFORMED_SESSION_RESPONSE');
  });

  it('should reject with SESSION_CREATE_TIMEOUT when the create never answers', async () => {
    const server = await serve({ create: 'hang' });
    const error = await rejection(connect(server, { createTimeoutMs: 150 }).transport.start());
    expect(error.code).toBe('SESSION_CREATE_TIMEOUT');
  });

  it('should reject with SESSION_CREATE_FAILED when nothing listens', async () => {
    const server = await serve({});
    const url = server.url();
    await server.close();
    stub = undefined;
    const transport = new DirectConnectTransport({ url });
    expect((await rejection(transport.start())).code).toBe('SESSION_CREATE_FAILED');
  });
});

describe('DirectConnectTransport: opening the WebSocket', () => {
  it('should reject with CONNECT_TIMEOUT when the upgrade never completes', async () => {
    const server = await serve({ upgrade: 'hang' });
    const recorded = connect(server, { openTimeoutMs: 200, deleteSessionOnClose: true });
    const error = await rejection(recorded.transport.start());
    expect(error.code).toBe('CONNECT_TIMEOUT');
    await until(() => server.requests.some((r) => r.method === 'DELETE'));
    await recorded.transport.close();
    expect(recorded.closes).toEqual([{}]);
  });

  it('should reject a refused upgrade with WEBSOCKET_REJECTED and its status', async () => {
    const server = await serve({ upgrade: { status: 401 } });
    const error = await rejection(connect(server).transport.start());
    expect(error.code).toBe('WEBSOCKET_REJECTED');
    expect(error.status).toBe(401);
  });

  it('should abandon the start when close() is called while the create is pending', async () => {
    const server = await serve({ create: 'hang' });
    const recorded = connect(server);
    const started = recorded.transport.start();
    await until(() => server.requests.length === 1);
    await recorded.transport.close();
    expect((await rejection(started)).code).toBe('SESSION_CREATE_FAILED');
    expect(recorded.closes).toEqual([{}]);
    expect((await rejection(recorded.transport.start())).code).toBe('TRANSPORT_CLOSED');
  });
});

describe('DirectConnectTransport: incoming lines', () => {
  it('should deliver JSON lines in order, drop a malformed line with MALFORMED_LINE and go on', async () => {
    const server = await serve(sending('{"n":1}\n', 'this is not json\n', '{"n":2}\n{"n":3}\n'));
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.messages.length === 3);
    expect(recorded.messages).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(recorded.errors.map((e) => (e as DirectConnectError).code)).toEqual(['MALFORMED_LINE']);
  });

  it('should hold a fragment until a later frame brings its newline, multibyte characters included', async () => {
    const bytes = Buffer.from('{"text":"héllo €"}\n', 'utf8');
    const cut = bytes.indexOf(0xe2) + 1;
    const server = await serve(sending('{"a":', '1}\n', bytes.subarray(0, cut), bytes.subarray(cut)));
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.messages.length === 2);
    expect(recorded.messages).toEqual([{ a: 1 }, { text: 'héllo €' }]);
    expect(recorded.errors).toEqual([]);
  });

  it('should discard an unterminated fragment at close with a TRUNCATED_LINE warning', async () => {
    const server = await serve({
      onConnection: (socket) => {
        socket.send('{"done":true}\n');
        socket.send('{"never":"emitted"}', () => socket.close(1000));
      },
    });
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.closes.length === 1);
    expect(recorded.messages).toEqual([{ done: true }]);
    expect(recorded.errors.map((e) => (e as DirectConnectError).code)).toEqual(['TRUNCATED_LINE']);
    expect(recorded.closes).toEqual([{}]);
  });

  it('should skip an over-long line with LINE_TOO_LONG and keep reading', async () => {
    const long = `{"pad":"${'x'.repeat(50)}"}\n`;
    const server = await serve(sending(long.slice(0, 30), long.slice(30), '{"ok":1}\n'));
    const recorded = connect(server, { maxLineBytes: 40 });
    await recorded.transport.start();
    await until(() => recorded.messages.length === 1);
    expect(recorded.messages).toEqual([{ ok: 1 }]);
    expect(recorded.errors.map((e) => (e as DirectConnectError).code)).toEqual(['LINE_TOO_LONG']);
  });

  it('should report an onmessage that throws as CALLBACK_FAILED and deliver the next line', async () => {
    const server = await serve(sending('{"n":1}\n{"n":2}\n'));
    const recorded = connect(server);
    recorded.transport.onmessage = (m) => {
      if ((m as { n: number }).n === 1) throw new Error('consumer bug');
      recorded.messages.push(m);
    };
    await recorded.transport.start();
    await until(() => recorded.messages.length === 1);
    expect(recorded.messages).toEqual([{ n: 2 }]);
    expect(recorded.errors.map((e) => (e as DirectConnectError).code)).toEqual(['CALLBACK_FAILED']);
  });

  it('should decode any sequence of values cut at any frame boundaries', async () => {
    const values = fc.array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 8 });
    const server = await serve({});
    await fc.assert(
      fc.asyncProperty(values, fc.array(fc.nat(), { maxLength: 6 }), async (list, cuts) => {
        const wire = Buffer.from(list.map((v) => `${JSON.stringify(v)}\n`).join(''), 'utf8');
        const points = [...new Set(cuts.map((c) => c % wire.length))].sort((a, b) => a - b);
        const frames: Buffer[] = [];
        let last = 0;
        for (const point of [...points, wire.length]) {
          if (point > last) frames.push(wire.subarray(last, point));
          last = point;
        }
        const recorded = connect(server);
        const socketsBefore = server.sockets.length;
        await recorded.transport.start();
        const socket = server.sockets[socketsBefore];
        for (const frame of frames) socket?.send(frame);
        await until(() => recorded.messages.length === list.length);
        expect(recorded.messages).toEqual(JSON.parse(JSON.stringify(list)));
        await recorded.transport.close();
      }),
      { numRuns: 25 },
    );
  });
});

describe('DirectConnectTransport: sending', () => {
  it('should send one line per frame and the zero-byte frame on endInput()', async () => {
    const server = await serve({});
    const { transport } = connect(server);
    await transport.start();
    await transport.send({ type: 'user', message: { role: 'user', content: 'hi' } });
    await transport.endInput();
    await transport.endInput();
    await until(() => server.frames.length === 2);
    expect(server.frames[0]?.toString('utf8')).toBe(
      '{"type":"user","message":{"role":"user","content":"hi"}}\n',
    );
    expect(server.frames[1]?.length).toBe(0);
    expect((await rejection(transport.send({ late: true }))).code).toBe('INPUT_ENDED');
  });

  it('should refuse send() before start() and after close()', async () => {
    const server = await serve({});
    const { transport } = connect(server);
    expect((await rejection(transport.send({}))).code).toBe('NOT_STARTED');
    expect((await rejection(transport.endInput())).code).toBe('NOT_STARTED');
    await transport.start();
    await transport.close();
    expect((await rejection(transport.send({}))).code).toBe('TRANSPORT_CLOSED');
    expect((await rejection(transport.start())).code).toBe('TRANSPORT_CLOSED');
  });

  it('should refuse a value without a JSON form with a TypeError', async () => {
    const server = await serve({});
    const { transport } = connect(server);
    await transport.start();
    await expect(transport.send(undefined)).rejects.toBeInstanceOf(TypeError);
    await expect(transport.send({ big: 1n })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('DirectConnectTransport: closing', () => {
  it('should report close code 1000 from the server as an orderly close', async () => {
    const server = await serve({ onConnection: (socket) => socket.close(1000) });
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.closes.length === 1);
    expect(recorded.closes).toEqual([{}]);
  });

  it('should turn close code 4000+n into SESSION_EXITED with exit code n', async () => {
    const server = await serve({ onConnection: (socket) => socket.close(4001, 'CLI exited') });
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.closes.length === 1);
    const error = recorded.closes[0]?.error as DirectConnectError;
    expect(error.code).toBe('SESSION_EXITED');
    expect(error.exitCode).toBe(1);
  });

  it('should turn another close code into ABNORMAL_CLOSE with the code', async () => {
    const server = await serve({ onConnection: (socket) => socket.close(1011, 'boom') });
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.closes.length === 1);
    const error = recorded.closes[0]?.error as DirectConnectError;
    expect(error.code).toBe('ABNORMAL_CLOSE');
    expect(error.closeCode).toBe(1011);
  });

  it('should report a dropped connection as a typed error, once', async () => {
    const server = await serve({ onConnection: (socket) => setTimeout(() => socket.terminate(), 20) });
    const recorded = connect(server);
    await recorded.transport.start();
    await until(() => recorded.closes.length === 1);
    const error = recorded.closes[0]?.error;
    expect(DirectConnectError.isInstance(error)).toBe(true);
    expect(['ABNORMAL_CLOSE', 'SOCKET_ERROR']).toContain((error as DirectConnectError).code);
    expect((error as DirectConnectError).closeCode).toBe(1006);
    await recorded.transport.close();
    expect(recorded.closes).toHaveLength(1);
  });

  it('should send DELETE /sessions/:id on close() with deleteSessionOnClose', async () => {
    const server = await serve({});
    const recorded = connect(server, { deleteSessionOnClose: true });
    await recorded.transport.start();
    await recorded.transport.close();
    await until(() => server.requests.some((r) => r.method === 'DELETE'));
    const deletion = server.requests.find((r) => r.method === 'DELETE');
    expect(deletion?.url).toBe('/sessions/s-1');
    expect(deletion?.headers.authorization).toBe('Bearer tok-1');
    expect(recorded.closes).toEqual([{}]);
  });

  it('should not send DELETE without deleteSessionOnClose, nor after the server closed', async () => {
    const server = await serve({ onConnection: (socket) => socket.close(1000) });
    const plain = connect(server);
    await plain.transport.start();
    await until(() => plain.closes.length === 1);
    const asked = connect(server, { deleteSessionOnClose: true });
    await asked.transport.start();
    await until(() => asked.closes.length === 1);
    await plain.transport.close();
    await asked.transport.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('should fire onclose once for close() before start()', async () => {
    const server = await serve({});
    const recorded = connect(server);
    await recorded.transport.close();
    await recorded.transport.close();
    expect(recorded.closes).toEqual([{}]);
    expect(server.requests).toEqual([]);
  });
});

describe('DirectConnectTransport: options', () => {
  it.each([
    [{ openTimeoutMs: 0 }],
    [{ openTimeoutMs: 1.5 }],
    [{ createTimeoutMs: -1 }],
    [{ maxLineBytes: 0 }],
    [{ cwd: '' }],
    [{ sessionKey: 3 }],
    [{ deleteSessionOnClose: 'yes' }],
    [{ headers: { 'x-a': 1 } }],
  ])('should refuse %j with a TypeError', (bad) => {
    expect(() => new DirectConnectTransport({ url: 'cc://127.0.0.1:1/t', ...(bad as object) })).toThrow(
      TypeError,
    );
  });

  it('should refuse a bad URL with a DirectConnectError', () => {
    expect(() => new DirectConnectTransport({ url: 'cc+unix:///tmp/s' })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_TRANSPORT' }),
    );
  });
});
