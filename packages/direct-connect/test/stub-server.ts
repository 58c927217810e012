import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** One HTTP request the stub saw. */
export interface StubRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** How the stub answers `POST /sessions`: a status and a body (an object is sent as JSON). */
export interface StubCreateAnswer {
  status: number;
  body: unknown;
}

/** Behaviour of the stub Direct Connect server. */
export interface StubBehaviour {
  /** Answer to `POST /sessions`; default 201 with a session pointing at `/ws/s-1`. `'hang'` never answers. */
  create?: ((stub: StubServer, request: StubRequest) => StubCreateAnswer) | 'hang';
  /** What the upgrade does: accept (default), hang (never answer), or answer with an HTTP status. */
  upgrade?: 'accept' | 'hang' | { status: number };
  /** Called with each accepted WebSocket. */
  onConnection?: (socket: WebSocket, request: IncomingMessage) => void;
}

/** A stub Direct Connect server on 127.0.0.1 for the client's tests: real HTTP, real ws. */
export interface StubServer {
  readonly port: number;
  readonly url: (token?: string) => string;
  readonly requests: StubRequest[];
  readonly upgrades: IncomingMessage['headers'][];
  /** Frames received from clients, in order, as buffers. */
  readonly frames: Buffer[];
  readonly sockets: WebSocket[];
  close(): Promise<void>;
}

/** Starts a stub server with the given behaviour. */
export async function startStubServer(behaviour: StubBehaviour = {}): Promise<StubServer> {
  const requests: StubRequest[] = [];
  const upgrades: IncomingMessage['headers'][] = [];
  const frames: Buffer[] = [];
  const sockets: WebSocket[] = [];
  const rawSockets = new Set<Socket>();
  const wss = new WebSocketServer({ noServer: true });
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: StubRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      if (request.method === 'DELETE') {
        res.writeHead(204).end();
        return;
      }
      if (behaviour.create === 'hang') return;
      const answer = (behaviour.create ?? defaultCreate)(stub, request);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
    });
  });
  server.on('connection', (socket: Socket) => {
    rawSockets.add(socket);
    socket.on('close', () => rawSockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    upgrades.push(req.headers);
    const mode = behaviour.upgrade ?? 'accept';
    if (mode === 'hang') return;
    if (mode !== 'accept') {
      socket.end(`HTTP/1.1 ${mode.status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.push(ws);
      ws.on('message', (data: Buffer) => frames.push(data));
      behaviour.onConnection?.(ws, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stub: StubServer = {
    port,
    url: (token = 'tok-1') => `cc://127.0.0.1:${port}/${token}`,
    requests,
    upgrades,
    frames,
    sockets,
    async close() {
      for (const ws of sockets) ws.terminate();
      for (const socket of rawSockets) socket.destroy();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}

function defaultCreate(stub: StubServer): StubCreateAnswer {
  return {
    status: 201,
    body: { session_id: 's-1', ws_url: `ws://127.0.0.1:${stub.port}/ws/s-1`, work_dir: '/srv/work' },
  };
}

/** Resolves once `predicate` holds, polling every 5 ms, or rejects after `timeoutMs`. */
export async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
