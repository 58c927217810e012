import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One durable event as the fake server keeps it. */
export interface FakeWireEvent {
  event_id: string;
  sequence_num: number;
  created_at: string;
  source: 'worker' | 'client';
  payload: Record<string, unknown>;
  /** The SSE frame name (`client_event`, or `session_ended` for the end). */
  frame: string;
  /** The `session_ended` data, for the end. */
  ended?: { code: number; reason: string };
}

interface Connection {
  readonly res: ServerResponse;
  budget: number;
}

/**
 * A small `ccsdk serve` stand-in speaking the SSE wire for tests: a session's durable events,
 * `GET /sessions/s1/events/stream` (cursor by `Last-Event-ID` or `from_sequence_num`), and
 * `POST /sessions/s1/events` (idempotent by `event_id`). Knobs cut connections at a byte offset,
 * fail posts, refuse streams and inject raw frames.
 */
export class FakeSseServer {
  readonly sessionId = 's1';
  readonly events: FakeWireEvent[] = [];
  /** Bodies of every POST the server took (first time only), in order. */
  readonly taken: Record<string, unknown>[] = [];
  /** Every POST attempt's body. */
  readonly attempts: Record<string, unknown>[] = [];
  /** The request headers of every stream GET, in order. */
  readonly streamRequests: { url: string; lastEventId: string | undefined }[] = [];
  /** Called with each newly taken POST body (the fake CLI). */
  onPost: ((body: Record<string, unknown>) => void) | undefined;
  /** Bytes each new stream connection may carry before it is cut; `undefined`: no cut. */
  cutAfterBytes: (() => number | undefined) | undefined;
  /** Chunk size of writes, as a function of the connection (1 splits every byte). */
  chunkBytes: () => number = () => 1 << 20;
  /** POST attempts still to answer 503 before taking one. */
  failPosts = 0;
  /** POSTs still to take and then cut before answering (the client sees a network error). */
  cutPostsAfterTaking = 0;
  /** The answer to stream GETs while set. */
  refuseStreams: { status: number; code: string } | undefined;
  /** A raw text to write first on every new stream connection. */
  preamble = '';
  /** Live frames to write on each connection before the replay (e.g. a delivery update). */
  readonly #connections = new Set<Connection>();
  readonly #server: Server;
  readonly #seen = new Map<string, Record<string, unknown>>();
  #url = '';

  constructor() {
    this.#server = createServer((req, res) => {
      void this.#handle(req, res);
    });
  }

  /** The base URL once listening. */
  get url(): string {
    return this.#url;
  }

  get streamUrl(): string {
    return `${this.#url}/sessions/${this.sessionId}/events/stream`;
  }

  get sendUrl(): string {
    return `${this.#url}/sessions/${this.sessionId}/events`;
  }

  /** Open stream connections. */
  get connectionCount(): number {
    return this.#connections.size;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.#url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const connection of this.#connections) connection.res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Appends one durable event (and writes it to every open stream); returns its sequence number. */
  append(source: 'worker' | 'client', payload: Record<string, unknown>, eventId?: string): number {
    const sequence = this.events.length + 1;
    const event: FakeWireEvent = {
      event_id: eventId ?? `ev-${sequence}`,
      sequence_num: sequence,
      created_at: new Date(1_700_000_000_000 + sequence).toISOString(),
      source,
      payload,
      frame: 'client_event',
    };
    this.events.push(event);
    this.broadcast(frameOf(this.sessionId, event));
    return sequence;
  }

  /** Appends the durable `session_ended` event and ends every stream. */
  end(code: number, reason = 'done'): void {
    const sequence = this.events.length + 1;
    const event: FakeWireEvent = {
      event_id: `end-${sequence}`,
      sequence_num: sequence,
      created_at: new Date().toISOString(),
      source: 'worker',
      payload: {},
      frame: 'session_ended',
      ended: { code, reason },
    };
    this.events.push(event);
    this.broadcast(frameOf(this.sessionId, event));
    for (const connection of this.#connections) connection.res.end();
  }

  /** Writes raw SSE text to every open stream (a live, non-durable frame). */
  broadcast(text: string): void {
    for (const connection of [...this.#connections]) this.#write(connection, text);
  }

  /** Cuts every open stream now. */
  cutAll(): void {
    for (const connection of this.#connections) connection.res.destroy();
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.#url);
    if (req.method === 'GET' && url.pathname === `/sessions/${this.sessionId}/events/stream`) {
      this.#stream(req, res, url);
      return;
    }
    if (req.method === 'POST' && url.pathname === `/sessions/${this.sessionId}/events`) {
      await this.#post(req, res);
      return;
    }
    refuse(res, 404, 'not_found');
  }

  #stream(req: IncomingMessage, res: ServerResponse, url: URL): void {
    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' ? header : undefined;
    this.streamRequests.push({ url: url.pathname + url.search, lastEventId });
    if (this.refuseStreams !== undefined) {
      refuse(res, this.refuseStreams.status, this.refuseStreams.code);
      return;
    }
    let cursor = Number(url.searchParams.get('from_sequence_num') ?? 0);
    if (lastEventId !== undefined) cursor = Number(lastEventId.split(':')[1]);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.flushHeaders();
    const connection: Connection = { res, budget: this.cutAfterBytes?.() ?? Number.POSITIVE_INFINITY };
    this.#connections.add(connection);
    res.on('close', () => this.#connections.delete(connection));
    if (this.preamble !== '') this.#write(connection, this.preamble);
    for (const event of this.events) {
      if (event.sequence_num > cursor) this.#write(connection, frameOf(this.sessionId, event));
    }
    if (this.events.at(-1)?.frame === 'session_ended') res.end();
  }

  #write(connection: Connection, text: string): void {
    if (!this.#connections.has(connection)) return;
    let bytes = Buffer.from(text);
    let cut = false;
    if (bytes.length >= connection.budget) {
      bytes = bytes.subarray(0, connection.budget);
      cut = true;
    }
    connection.budget -= bytes.length;
    const size = Math.max(1, this.chunkBytes());
    for (let offset = 0; offset < bytes.length; offset += size) {
      connection.res.write(bytes.subarray(offset, offset + size));
    }
    if (cut) {
      this.#connections.delete(connection);
      // Let the partial bytes go out before the cut.
      setTimeout(() => connection.res.destroy(), 5);
    }
  }

  async #post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    this.attempts.push(body);
    if (this.failPosts > 0) {
      this.failPosts -= 1;
      refuse(res, 503, 'unavailable');
      return;
    }
    const eventId = String(body['event_id']);
    const previous = this.#seen.get(eventId);
    if (previous !== undefined) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...previous, duplicate: true }));
      return;
    }
    if (body['session_id'] !== this.sessionId) {
      refuse(res, 400, 'session_mismatch');
      return;
    }
    this.taken.push(body);
    let answer: Record<string, unknown> = { event_id: eventId };
    if (body['end_of_input'] !== true) {
      const sequence = this.append('client', body['payload'] as Record<string, unknown>, eventId);
      answer = { event_id: eventId, sequence_num: sequence };
    }
    this.#seen.set(eventId, answer);
    this.onPost?.(body);
    if (this.cutPostsAfterTaking > 0) {
      this.cutPostsAfterTaking -= 1;
      res.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }
}

/** The SSE text of one durable event. */
export function frameOf(sessionId: string, event: FakeWireEvent): string {
  const data =
    event.frame === 'session_ended'
      ? { sequence_num: event.sequence_num, ...event.ended }
      : {
          event_id: event.event_id,
          sequence_num: event.sequence_num,
          created_at: event.created_at,
          source: event.source,
          payload: event.payload,
        };
  return `event: ${event.frame}\nid: ${sessionId}:${event.sequence_num}\ndata: ${JSON.stringify(data)}\n\n`;
}

function refuse(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { code, message: `refused: ${code}` } }));
}

/** A small seeded random generator (mulberry32), for property-style tests that can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
