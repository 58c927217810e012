// What the side-by-side browser tests (cli-handshake-parity, mcp-message-parity) share: a browser
// query() run against a stand-in for the server side on a local WebSocket, which sees every line
// the query writes and answers as it likes. A witness of what each SDK writes, never the proof
// that a feature works (the browser-e2e tests run a real server and a real browser).
import type { AddressInfo } from 'node:net';
import type * as ours from '@ccsdk/sdk';
import { WebSocket, WebSocketServer } from 'ws';

export { initializeAnswer, STAND_IN_RESULT } from './stand-in-cli-lines.mjs';

/** The browser entry's `query()`, as the two SDKs type it alike enough for these tests. */
export interface BrowserQuerySdk {
  query(options: never): AsyncIterable<unknown> & { close(): void };
}

/** A line the browser query wrote, as far as a stand-in reads it. */
export interface WrittenLine {
  type?: string;
  request_id?: string;
  request?: { subtype?: string };
  response?: { request_id?: string };
}

/** The stand-in's side of the socket: `send` writes one message as a line. */
export type StandInHandler = (line: string, message: WrittenLine, send: (message: unknown) => void) => void;

/** What the CLI first asks an in-process MCP server: `initialize` (id 0), then `notifications/initialized`. */
export const CLI_MCP_HANDSHAKE = [
  {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cli', version: '1' } },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
] as const;

/**
 * Runs one browser `query()` of `sdk` (prompt "hi", `options` added) against a stand-in on
 * 127.0.0.1 that hands `handle` each line the query writes, until the query yields a result.
 */
export async function runBrowserQueryAgainst(
  sdk: BrowserQuerySdk,
  options: Record<string, unknown>,
  handle: StandInHandler,
): Promise<void> {
  (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    const send = (message: unknown) => socket.send(`${JSON.stringify(message)}\n`);
    socket.on('message', (data) => {
      for (const line of String(data).split('\n')) {
        if (line !== '') handle(line, JSON.parse(line) as WrittenLine, send);
      }
    });
  });
  const { port } = server.address() as AddressInfo;
  async function* prompt(): AsyncGenerator<ours.SDKUserMessage> {
    yield {
      type: 'user',
      message: { role: 'user', content: 'hi' },
      parent_tool_use_id: null,
      session_id: '',
    };
  }
  const q = sdk.query({
    prompt: prompt(),
    websocket: { url: `ws://127.0.0.1:${port}/` },
    ...options,
  } as never);
  for await (const message of q) {
    if ((message as { type?: string }).type === 'result') break;
  }
  q.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
