import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { SdkMcpError } from './errors.js';
import {
  isPlainObject,
  isRequestId,
  JSON_RPC_ERROR,
  type JsonRpcKind,
  jsonRpcAck,
  jsonRpcError,
} from './json-rpc.js';
import { createLinkedMcpTransportPair, type LinkedMcpTransport } from './linked-mcp-transport.js';
import type { SdkMcpServer } from './sdk-mcp-server.js';
import type { SdkMcpServerSession } from './server-session.js';

/** Settings of one link, passed down from the router. */
export interface ServerLinkOptions {
  readonly toolTimeoutMs: number | undefined;
  readonly onError: (error: Error) => void;
}

interface Pending {
  readonly originalId: RequestId;
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

/**
 * The router's end of one SDK server's MCP session: it forwards the CLI's JSON-RPC messages over
 * an in-memory pair to a fresh MCP server and matches the replies.
 *
 * Request ids are rewritten to a private counter on the way in and restored on the way out, so
 * the CLI's ids can never collide (e.g. a reconnecting client that starts again at 0), and a
 * `notifications/cancelled` from the CLI is translated to the private id (or dropped when nothing by
 * that id is waiting). Responses from the CLI are acknowledged and dropped, since the server's own
 * requests never reach the CLI: they are refused with -32601
 * (there is no route back for them), except `ping`, which is answered; server notifications are dropped.
 */
export class ServerLink {
  readonly #pending = new Map<number, Pending>();
  readonly #privateIds = new Map<RequestId, number>();
  #nextId = 0;
  #closed = false;

  private constructor(
    readonly serverName: string,
    private readonly end: LinkedMcpTransport,
    private readonly session: SdkMcpServerSession,
    private readonly options: ServerLinkOptions,
  ) {
    end.onmessage = (message) => this.#fromServer(message);
    end.onclose = () =>
      this.#failAll(
        new SdkMcpError({ code: 'TRANSPORT_CLOSED', message: 'The SDK MCP session closed.', serverName }),
      );
  }

  /** Builds the pair, connects a fresh MCP server to one end and returns the link on the other. */
  static async open(
    serverName: string,
    server: SdkMcpServer,
    options: ServerLinkOptions,
  ): Promise<ServerLink> {
    const [routerEnd, serverEnd] = createLinkedMcpTransportPair();
    const session = await server.connect(serverEnd, {
      ...(options.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: options.toolTimeoutMs }),
      onError: options.onError,
    });
    const link = new ServerLink(serverName, routerEnd, session, options);
    await routerEnd.start();
    return link;
  }

  /** Delivers one classified message; resolves with the server's reply, or an ack for a notification. */
  async deliver(
    message: Record<string, unknown>,
    kind: JsonRpcKind,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    if (this.#closed) throw this.#closedError('The SDK MCP router is closed.');
    if (kind === 'response') return jsonRpcAck();
    if (kind === 'notification') {
      const forwarded = this.#translateCancel(message);
      if (forwarded === undefined) return jsonRpcAck();
      try {
        await this.end.send(forwarded as JSONRPCMessage);
      } catch (error) {
        if (this.#closed) throw this.#closedError('The SDK MCP router is closed.');
        return jsonRpcError(
          null,
          JSON_RPC_ERROR.invalidRequest,
          `The notification was not delivered: ${String(error)}`,
        );
      }
      return jsonRpcAck();
    }
    if (signal?.aborted) {
      throw new SdkMcpError({
        code: 'REQUEST_ABORTED',
        message: `The mcp_message to ${JSON.stringify(this.serverName)} was cancelled before it was sent.`,
        cause: signal.reason,
        serverName: this.serverName,
      });
    }
    const originalId = message['id'] as RequestId;
    const privateId = this.#nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const onAbort = (): void => {
        this.#settle(privateId);
        void this.end
          .send({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: privateId, reason: reasonText(signal?.reason) },
          })
          .catch(() => undefined);
        reject(
          new SdkMcpError({
            code: 'REQUEST_ABORTED',
            message: `The mcp_message to ${JSON.stringify(this.serverName)} was cancelled.`,
            cause: signal?.reason,
            serverName: this.serverName,
          }),
        );
      };
      const cleanup = (): void => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(privateId, {
        originalId,
        resolve: (reply) => {
          cleanup();
          resolve(reply);
        },
        reject: (error) => {
          cleanup();
          reject(error);
        },
      });
      this.#privateIds.set(originalId, privateId);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.end.send({ ...message, id: privateId } as JSONRPCMessage).catch((error: unknown) => {
        const pending = this.#settle(privateId);
        pending?.resolve(jsonRpcError(originalId, JSON_RPC_ERROR.internalError, String(error)));
      });
    });
  }

  /** Closes the session; every waiting message rejects with code `ROUTER_CLOSED`. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#failAll(this.#closedError('The SDK MCP router closed before the server answered.'));
    await this.session.close();
    await this.end.close();
  }

  #fromServer(message: JSONRPCMessage): void {
    const record = message as Record<string, unknown>;
    const id = record['id'];
    if ('method' in record) {
      if (isRequestId(id)) this.#refuseServerRequest(id, String(record['method']));
      return;
    }
    if (typeof id !== 'number') return;
    const pending = this.#settle(id);
    pending?.resolve({ ...record, id: pending.originalId });
  }

  #refuseServerRequest(id: RequestId, method: string): void {
    const reply =
      method === 'ping'
        ? { jsonrpc: '2.0' as const, id, result: {} }
        : jsonRpcError(
            id,
            JSON_RPC_ERROR.methodNotFound,
            `In-process SDK MCP servers cannot send ${method} to the client.`,
          );
    if (method !== 'ping') {
      this.options.onError(
        new Error(`SDK MCP server ${JSON.stringify(this.serverName)} sent ${method}; refused.`),
      );
    }
    this.end.send(reply as JSONRPCMessage).catch(() => undefined);
  }

  /** Rewrites a cancellation to the private id; `undefined` (drop it) when nothing by that id is waiting. */
  #translateCancel(message: Record<string, unknown>): Record<string, unknown> | undefined {
    if (message['method'] !== 'notifications/cancelled') return message;
    const params = message['params'];
    if (!isPlainObject(params)) return undefined;
    const requestId = params['requestId'];
    const privateId = isRequestId(requestId) ? this.#privateIds.get(requestId) : undefined;
    if (privateId === undefined) return undefined;
    return { ...message, params: { ...params, requestId: privateId } };
  }

  #settle(privateId: number): Pending | undefined {
    const pending = this.#pending.get(privateId);
    if (pending === undefined) return undefined;
    this.#pending.delete(privateId);
    if (this.#privateIds.get(pending.originalId) === privateId) this.#privateIds.delete(pending.originalId);
    return pending;
  }

  #failAll(error: SdkMcpError): void {
    for (const privateId of [...this.#pending.keys()]) this.#settle(privateId)?.reject(error);
  }

  #closedError(message: string): SdkMcpError {
    return new SdkMcpError({ code: 'ROUTER_CLOSED', message, serverName: this.serverName });
  }
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : 'cancelled by the client';
}
