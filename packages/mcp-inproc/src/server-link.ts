import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { SdkMcpError } from './errors.js';
import {
  isPlainObject,
  isRequestId,
  JSON_RPC_ERROR,
  type JsonRpcKind,
  jsonRpcAck,
  jsonRpcError,
  notificationAck,
} from './json-rpc.js';
import { type ConnectableMcpServer, type HubSession, hubFor } from './mcp-server-hub.js';

/** Settings of one link, passed down from the router. */
export interface ServerLinkOptions {
  readonly toolTimeoutMs: number | undefined;
  readonly onError: (error: Error) => void;
  /** Receives the server's notifications for the client (e.g. `notifications/tools/list_changed`). */
  readonly onServerMessage: ((message: JSONRPCMessage) => void) | undefined;
}

interface Pending {
  readonly originalId: RequestId;
  resolve(reply: unknown): void;
  reject(error: Error): void;
}

/**
 * The router's end of one SDK server's MCP session: it forwards the CLI's JSON-RPC messages to its
 * own session on the (shared) MCP server and matches the replies.
 *
 * Request ids are rewritten to a private counter on the way in and restored on the way out, so
 * the CLI's ids can never collide (e.g. a reconnecting client that starts again at 0), and a
 * `notifications/cancelled` from the CLI is translated to the private id (or dropped when nothing by
 * that id is waiting). Responses from the CLI are acknowledged and dropped, since the server's own
 * requests never reach the CLI: they are refused with -32601
 * (there is no route back for them), except `ping`, which is answered. The server's notifications
 * go to `onServerMessage`, which the facade sends on to the CLI.
 */
export class ServerLink {
  readonly #pending = new Map<number, Pending>();
  readonly #privateIds = new Map<RequestId, number>();
  readonly #closeListeners: Array<() => void> = [];
  #nextId = 0;
  #closed = false;

  private constructor(
    readonly serverName: string,
    private readonly session: HubSession,
    private readonly options: ServerLinkOptions,
  ) {
    session.onmessage = (message) => this.#fromServer(message);
    session.onclose = () => {
      this.#failAll(
        new SdkMcpError({ code: 'TRANSPORT_CLOSED', message: 'The SDK MCP session closed.', serverName }),
      );
      for (const listener of this.#closeListeners.splice(0)) listener();
    };
  }

  /** Calls `listener` once when the session ends from the server's side. */
  onClosed(listener: () => void): void {
    if (this.session.closed) listener();
    else this.#closeListeners.push(listener);
  }

  /** Opens a session of its own on `server` (shared with every other query) and links it. */
  static async open(
    serverName: string,
    server: ConnectableMcpServer,
    options: ServerLinkOptions,
  ): Promise<ServerLink> {
    const session = await hubFor(server).open({ toolTimeoutMs: options.toolTimeoutMs });
    return new ServerLink(serverName, session, options);
  }

  /** True once the session ended, from either side (e.g. the caller closed the server). */
  get closed(): boolean {
    return this.#closed || this.session.closed;
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
      if (forwarded === undefined) return notificationAck();
      try {
        this.session.send(forwarded as JSONRPCMessage);
      } catch (error) {
        if (this.#closed) throw this.#closedError('The SDK MCP router is closed.');
        return jsonRpcError(
          null,
          JSON_RPC_ERROR.invalidRequest,
          `The notification was not delivered: ${String(error)}`,
        );
      }
      return notificationAck();
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
        sendQuietly(this.session, {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: privateId, reason: reasonText(signal?.reason) },
        });
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
      try {
        this.session.send({ ...message, id: privateId } as JSONRPCMessage);
      } catch (error) {
        const pending = this.#settle(privateId);
        pending?.resolve(jsonRpcError(originalId, JSON_RPC_ERROR.internalError, String(error)));
      }
    });
  }

  /** Closes the session; every waiting message rejects with code `ROUTER_CLOSED`. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#failAll(this.#closedError('The SDK MCP router closed before the server answered.'));
    await this.session.close();
  }

  #fromServer(message: JSONRPCMessage): void {
    const record = message as Record<string, unknown>;
    const id = record['id'];
    if ('method' in record) {
      if (isRequestId(id)) this.#refuseServerRequest(id, String(record['method']));
      else this.options.onServerMessage?.(message);
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
    sendQuietly(this.session, reply as JSONRPCMessage);
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

/** Sends to the session, ignoring a session that closed meanwhile. */
function sendQuietly(session: HubSession, message: JSONRPCMessage): void {
  if (!session.closed) session.send(message);
}

function reasonText(reason: unknown): string {
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : 'cancelled by the client';
}
