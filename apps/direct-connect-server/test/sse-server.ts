import type { DirectConnectServer } from '../src/direct-connect-server.js';
import type { LogEntry } from '../src/logger.js';
import type { DirectConnectServerOptions } from '../src/server-options.js';
import type { FakeCliLink } from './fake-cli-link.js';
import { startFakeLinkServer } from './fake-link-server.js';
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

/** Starts a server on loopback with fake CLI links in a fresh temp root (see {@link startFakeLinkServer}). */
export async function startSseTestServer(
  options: Partial<DirectConnectServerOptions> = {},
): Promise<SseTestServer> {
  const started = await startFakeLinkServer({ token: TOKEN, ...options });
  const { server, links } = started;
  return {
    server,
    links,
    logs: started.logs,
    async create() {
      const answer = await call(server.httpUrl, 'POST', '/sessions', { token: TOKEN, body: {} });
      if (answer.status !== 201) throw new Error(`create answered ${answer.status}`);
      const id = (answer.body as { session_id: string }).session_id;
      return { id, link: links.at(-1) as FakeCliLink };
    },
    stream: (id, streamOptions = {}) =>
      openStream(server.httpUrl, `/sessions/${id}/events/stream${streamOptions.query ?? ''}`, {
        token: TOKEN,
        headers:
          streamOptions.lastEventId === undefined ? {} : { 'last-event-id': streamOptions.lastEventId },
      }),
    post: (id, body) => call(server.httpUrl, 'POST', `/sessions/${id}/events`, { token: TOKEN, body }),
    close: () => started.close(),
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
