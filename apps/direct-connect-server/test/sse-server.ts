import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DirectConnectServer, startDirectConnectServer } from '../src/direct-connect-server.js';
import type { LogEntry } from '../src/logger.js';
import type { DirectConnectServerOptions } from '../src/server-options.js';
import { type FakeCliLink, fakeLinkFactory } from './fake-cli-link.js';
import { call } from './http-client.js';
import { type OpenStream, openStream } from './sse-client.js';

/** The token of every test server. */
export const TOKEN = 'test-token-0123456789abcdef';

/** A server on fake CLI links, with its logs, for the SSE tests. */
export interface SseTestServer {
  server: DirectConnectServer;
  links: FakeCliLink[];
  logs: LogEntry[];
  /** Creates a session; resolves with its id and its fake CLI. */
  create(): Promise<{ id: string; link: FakeCliLink }>;
  /** Opens the session's event stream. */
  stream(id: string, options?: { lastEventId?: string; query?: string }): Promise<OpenStream>;
  /** Posts one event body (an object is sent as JSON). */
  post(id: string, body: string | object): ReturnType<typeof call>;
  close(): Promise<void>;
}

/** Starts a server on loopback with fake CLI links in a fresh temp root. */
export async function startSseTestServer(
  options: Partial<DirectConnectServerOptions> = {},
): Promise<SseTestServer> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-sse-')));
  const fake = fakeLinkFactory();
  const logs: LogEntry[] = [];
  const server = await startDirectConnectServer({
    token: TOKEN,
    roots: [root],
    createCliLink: fake.factory,
    logger: (entry) => logs.push(entry),
    ...options,
  });
  return {
    server,
    links: fake.links,
    logs,
    async create() {
      const answer = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
      if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
      const id = (answer.body as { session_id: string }).session_id;
      return { id, link: fake.links.at(-1) as FakeCliLink };
    },
    stream: (id, streamOptions = {}) =>
      openStream(server.httpUrl, `/sessions/${id}/events/stream${streamOptions.query ?? ''}`, {
        token: TOKEN,
        headers:
          streamOptions.lastEventId === undefined ? {} : { 'last-event-id': streamOptions.lastEventId },
      }),
    post: (id, body) => call(server.httpUrl, 'POST', `/sessions/${id}/events`, { token: TOKEN, body }),
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Waits until `predicate` holds, polling every 5 ms. */
export async function until(predicate: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
