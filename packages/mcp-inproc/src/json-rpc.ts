import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0 error codes this package answers with. */
export const JSON_RPC_ERROR = {
  /** The message was not valid JSON. */
  parseError: -32700,
  /** The message was not a valid JSON-RPC request. */
  invalidRequest: -32600,
  /** No such method. */
  methodNotFound: -32601,
  /** The method's parameters were invalid. */
  invalidParams: -32602,
  /** The server failed while answering. */
  internalError: -32603,
  /** MCP's code for a request that arrived as the connection closed. */
  connectionClosed: -32000,
} as const;

/** A JSON-RPC error reply; `id` is `null` when the request's id could not be read. */
export interface JsonRpcErrorReply {
  /** Always `2.0`. */
  jsonrpc: '2.0';
  /** The id of the request answered, or `null`. */
  id: RequestId | null;
  /** What went wrong. */
  error: {
    /** One of the {@link JSON_RPC_ERROR} codes. */
    code: number;
    /** A message for a person. */
    message: string;
    /** Extra detail, when any. */
    data?: unknown;
  };
}

/** An acknowledgement of a message that gets no reply of the server's: an empty success without an id. */
export interface JsonRpcAck {
  /** Always `2.0`. */
  jsonrpc: '2.0';
  /** Always `{}`. */
  result: Record<string, never>;
}

/** Returns a fresh acknowledgement for a response from the CLI. */
export function jsonRpcAck(): JsonRpcAck {
  return { jsonrpc: '2.0', result: {} };
}

/** The acknowledgement of a notification from the CLI, as the official SDK writes it: with id 0. */
export interface NotificationAck extends JsonRpcAck {
  /** Always 0. */
  id: 0;
}

/** Returns a fresh acknowledgement for a notification from the CLI: `{ jsonrpc, result: {}, id: 0 }`. */
export function notificationAck(): NotificationAck {
  return { jsonrpc: '2.0', result: {}, id: 0 };
}

/** Builds a JSON-RPC error reply. */
export function jsonRpcError(id: RequestId | null, code: number, message: string): JsonRpcErrorReply {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** True for a JSON-RPC id: a string or a finite number (0 and '' included). */
export function isRequestId(value: unknown): value is RequestId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** The shapes of JSON-RPC message this package tells apart. */
export type JsonRpcKind = 'request' | 'notification' | 'response';

/**
 * Classifies a JSON-RPC message by its fields, or returns `undefined` when it is none of the three
 * (not an object, wrong `jsonrpc`, a method that is not a string, an id of the wrong type).
 */
export function classifyJsonRpc(message: unknown): JsonRpcKind | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const record = message as Record<string, unknown>;
  if (record['jsonrpc'] !== '2.0') return undefined;
  const hasId = 'id' in record;
  if ('method' in record) {
    if (typeof record['method'] !== 'string') return undefined;
    if ('params' in record && !isPlainObject(record['params'])) return undefined;
    if (!hasId) return 'notification';
    return isRequestId(record['id']) ? 'request' : undefined;
  }
  if (hasId && ('result' in record || 'error' in record)) return 'response';
  return undefined;
}

/** Reads the id of a message that may be malformed, for an error reply; `null` when unreadable. */
export function readRequestId(message: unknown): RequestId | null {
  if (typeof message !== 'object' || message === null) return null;
  const id = (message as Record<string, unknown>)['id'];
  return isRequestId(id) ? id : null;
}

/** True for a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Narrowing helper: a classified message is a `JSONRPCMessage`. */
export function asJsonRpcMessage(message: unknown): JSONRPCMessage {
  return message as JSONRPCMessage;
}

/**
 * An error a request handler throws to make the MCP library answer with a JSON-RPC error of this
 * `code` and exactly this message (an `McpError` would prefix "MCP error <code>:" to it).
 */
export class JsonRpcWireError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'JsonRpcWireError';
    this.code = code;
  }
}
