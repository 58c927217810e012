import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { SdkMcpError } from './errors.js';
import { isRequestId, JSON_RPC_ERROR } from './json-rpc.js';

/**
 * One end of an in-memory MCP link made by {@link createLinkedMcpTransportPair}. It implements the
 * MCP SDK's `Transport`, so a real `McpServer` or `Client` connects to it unchanged.
 */
export interface LinkedMcpTransport extends Transport {
  /** True once either end has closed. */
  readonly closed: boolean;
}

/**
 * Creates two connected MCP transports. What one end sends, the other receives, in order, as a
 * fresh value: every message goes through `JSON.stringify` and `JSON.parse`, so in-process
 * behaviour equals the wire (no shared objects, no `undefined` fields, no class instances).
 *
 * - Messages sent before the receiving end's `start()` are queued and delivered on start.
 * - `send()` rejects with `SdkMcpError` code `NOT_SERIALIZABLE` for a value JSON cannot carry; when
 *   that value was a reply, the peer receives a JSON-RPC internal error for the same id instead,
 *   so a requester never waits for an answer that cannot arrive.
 * - `close()` on either end closes both, drops undelivered messages and fires each `onclose` once;
 *   `send()` afterwards rejects with code `TRANSPORT_CLOSED`.
 * - An `onmessage` callback that throws is reported to that end's `onerror`.
 */
export function createLinkedMcpTransportPair(): [LinkedMcpTransport, LinkedMcpTransport] {
  const link = { closed: false };
  const left = new LinkedEnd(link);
  const right = new LinkedEnd(link);
  left.peer = right;
  right.peer = left;
  return [left, right];
}

class LinkedEnd implements LinkedMcpTransport {
  peer: LinkedEnd | undefined;
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: (<T extends JSONRPCMessage>(message: T) => void) | undefined;
  private started = false;
  private closeFired = false;
  private readonly inbox: string[] = [];

  constructor(private readonly link: { closed: boolean }) {}

  get closed(): boolean {
    return this.link.closed;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const queued = this.inbox.splice(0);
    for (const text of queued) queueMicrotask(() => this.deliver(text));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.link.closed) {
      throw new SdkMcpError({ code: 'TRANSPORT_CLOSED', message: 'The in-memory MCP link is closed.' });
    }
    let text: string;
    try {
      text = JSON.stringify(message);
      if (text === undefined) throw new TypeError('the message has no JSON form');
    } catch (cause) {
      this.replaceUnserializableReply(message, cause);
      throw new SdkMcpError({
        code: 'NOT_SERIALIZABLE',
        message: `An MCP message could not be serialized as JSON: ${String(cause)}. Return only JSON values (no cycles, BigInt or functions).`,
        cause,
      });
    }
    this.peer?.receive(text);
  }

  async close(): Promise<void> {
    if (!this.link.closed) this.link.closed = true;
    this.fireClose();
    this.peer?.fireClose();
  }

  receive(text: string): void {
    if (!this.started) {
      this.inbox.push(text);
      return;
    }
    queueMicrotask(() => this.deliver(text));
  }

  private deliver(text: string): void {
    if (this.link.closed) return;
    try {
      this.onmessage?.(JSON.parse(text) as JSONRPCMessage);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private fireClose(): void {
    if (this.closeFired) return;
    this.closeFired = true;
    this.inbox.length = 0;
    this.onclose?.();
  }

  private replaceUnserializableReply(message: unknown, cause: unknown): void {
    const record = message as Record<string, unknown>;
    const isReply = 'result' in record || 'error' in record;
    if (!isReply || !isRequestId(record['id'])) return;
    const reply = {
      jsonrpc: '2.0',
      id: record['id'],
      error: {
        code: JSON_RPC_ERROR.internalError,
        message: `The reply could not be serialized as JSON: ${String(cause)}`,
      },
    };
    this.peer?.receive(JSON.stringify(reply));
  }
}
