import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { SdkMcpRouter } from '../src/index.js';

/**
 * Plays the CLI's side in tests: an MCP SDK client transport whose every message goes through
 * `router.handle(serverName, message)`, as the facade does for `mcp_message` control requests.
 * Replies to requests come back to the client; acks of notifications are recorded.
 */
export class RouterClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly acks: unknown[] = [];
  readonly sent: JSONRPCMessage[] = [];

  constructor(
    private readonly router: SdkMcpRouter,
    private readonly serverName: string,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    this.sent.push(message);
    const isRequest = 'method' in message && 'id' in message;
    const wire = JSON.parse(JSON.stringify(message)) as unknown;
    const pending = this.router.handle(this.serverName, wire).then(
      (reply) => {
        if (isRequest) this.onmessage?.(reply as JSONRPCMessage);
        else this.acks.push(reply);
      },
      (error: unknown) => this.onerror?.(error as Error),
    );
    if (!isRequest) await pending;
  }

  async close(): Promise<void> {
    this.onclose?.();
  }
}

/** Connects a real MCP SDK client to one server of the router. */
export async function connectClient(
  router: SdkMcpRouter,
  serverName: string,
): Promise<{ client: Client; transport: RouterClientTransport }> {
  const transport = new RouterClientTransport(router, serverName);
  const client = new Client({ name: 'fake-cli', version: '0.0.0' });
  await client.connect(transport);
  return { client, transport };
}
