import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { SdkMcpError } from './errors.js';
import { isPlainObject, isRequestId, JSON_RPC_ERROR } from './json-rpc.js';

/** A random id from the Web Crypto global (Node 19+ and browsers), so this module also bundles for a browser. */
const randomUUID = (): string => globalThis.crypto.randomUUID();

/**
 * What the hub needs of the user's server: `connect` and `close`. The MCP SDK's `McpServer` (of
 * any copy of the package) has both, and so does its low-level `Server`.
 */
export interface ConnectableMcpServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** Settings one session carries to the tool handlers of `createSdkMcpServer()`. */
export interface HubSessionOptions {
  /** Limit of a tool call in ms when the tool sets none; `undefined` for the server's default. */
  readonly toolTimeoutMs?: number | undefined;
}

interface Route {
  readonly session: HubSession;
  readonly originalId: RequestId;
}

const hubs = new WeakMap<object, McpServerHub>();
const sessionsById = new Map<string, HubSession>();

/** The hub of one server: made on first use, one per server object for the life of the process. */
export function hubFor(server: ConnectableMcpServer): McpServerHub {
  let hub = hubs.get(server);
  if (hub === undefined) {
    hub = new McpServerHub(server);
    hubs.set(server, hub);
  }
  return hub;
}

/** The options of the live session with this `extra.sessionId`, if any. */
export function hubSessionOptions(sessionId: string | undefined): HubSessionOptions | undefined {
  return sessionId === undefined ? undefined : sessionsById.get(sessionId)?.options;
}

/**
 * One MCP session on a shared server: the client end a query's CLI talks through. Messages sent
 * here reach the server under ids of the hub's own; replies, and the server's notifications and
 * requests tied to this session's requests, come back on `onmessage` with the client's ids.
 */
export class HubSession {
  /** The session id the server's handlers see as `extra.sessionId`. */
  readonly id = randomUUID();
  /** Server to client messages of this session. */
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  /** Called once, when the session ends from either side. */
  onclose?: (() => void) | undefined;
  /** Hub ids of this session's requests the server has not answered, by the client's id. */
  readonly pending = new Map<RequestId, number>();
  #closed = false;

  constructor(
    private readonly hub: McpServerHub,
    readonly options: HubSessionOptions,
  ) {}

  /** True once the session ended. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Delivers one client message to the server. Throws `TRANSPORT_CLOSED` once closed. */
  send(message: JSONRPCMessage): void {
    if (this.#closed) {
      throw new SdkMcpError({ code: 'TRANSPORT_CLOSED', message: 'The MCP session is closed.' });
    }
    this.hub.deliver(this, message);
  }

  /**
   * Ends the session: the server's handlers still running for it see their signal abort, their
   * late replies are dropped, and other sessions go on untouched. Idempotent.
   */
  async close(): Promise<void> {
    if (this.markClosed()) await this.hub.detach(this);
  }

  /** Marks the session closed and fires `onclose`; false when it already was. @internal */
  markClosed(): boolean {
    if (this.#closed) return false;
    this.#closed = true;
    sessionsById.delete(this.id);
    this.onclose?.();
    return true;
  }
}

/**
 * Serves one MCP server to any number of sessions at once. An MCP SDK server takes a single
 * transport, so the hub is that transport: it connects the server to itself when the first
 * session opens (and disconnects when the last one ends), gives every client request a hub-wide
 * id so the sessions' ids never collide, and routes each message back to the session it belongs
 * to. While it delivers a session's message, `sessionId` is that session's id, so the handler's
 * `extra` (signal, `sessionId`, `requestId`, `sendNotification`, `sendRequest`) is the session's.
 * Notifications not tied to a request (`notifications/tools/list_changed` and its siblings, log
 * messages) go to every session.
 */
export class McpServerHub implements Transport {
  onclose?: (() => void) | undefined;
  onerror?: ((error: Error) => void) | undefined;
  onmessage?: ((message: JSONRPCMessage) => void) | undefined;
  readonly #server: ConnectableMcpServer;
  readonly #sessions = new Set<HubSession>();
  readonly #routes = new Map<number, Route>();
  /** Server request id to the session it was sent to, until the session answers. */
  readonly #asked = new Map<RequestId, HubSession>();
  #delivering: HubSession | undefined;
  #connected = false;
  /** The connect or disconnect in progress; opening waits for it. */
  #transition: Promise<void> = Promise.resolve();
  #nextId = 0;

  constructor(server: ConnectableMcpServer) {
    this.#server = server;
  }

  /** The id of the session whose message is being delivered; the server reads it per request. */
  get sessionId(): string | undefined {
    return this.#delivering?.id;
  }

  /** The number of open sessions. */
  get sessionCount(): number {
    return this.#sessions.size;
  }

  /**
   * Opens a session, connecting the server first if no session is open. Rejects with code
   * `SESSION_FAILED` when the server cannot be connected (e.g. the caller connected it to
   * another transport).
   */
  async open(options: HubSessionOptions = {}): Promise<HubSession> {
    const session = new HubSession(this, options);
    this.#sessions.add(session);
    const connecting = this.#transition.then(async () => {
      if (this.#connected || session.closed) return;
      // The MCP library chains callbacks it finds on a transport: drop those of the last connection.
      this.onmessage = undefined;
      this.onclose = undefined;
      this.onerror = undefined;
      try {
        await this.#server.connect(this);
        this.#connected = true;
      } catch (cause) {
        throw new SdkMcpError({
          code: 'SESSION_FAILED',
          message: `The MCP server could not be connected: ${String(cause)}`,
          cause,
        });
      }
    });
    this.#transition = connecting.catch(() => undefined);
    try {
      await connecting;
    } catch (error) {
      this.#sessions.delete(session);
      session.markClosed();
      throw error;
    }
    sessionsById.set(session.id, session);
    return session;
  }

  /** Client to server, for one session. @internal */
  deliver(session: HubSession, message: JSONRPCMessage): void {
    const record = fromClient(message);
    let forwarded: Record<string, unknown> | undefined = record;
    if ('method' in record && isRequestId(record['id'])) {
      const hubId = this.#nextId++;
      this.#routes.set(hubId, { session, originalId: record['id'] });
      session.pending.set(record['id'], hubId);
      forwarded = { ...record, id: hubId };
    } else if (record['method'] === 'notifications/cancelled') {
      forwarded = this.#translateCancel(session, record);
    } else if (!('method' in record) && isRequestId(record['id'])) {
      // A reply to a server request: only from the session it was sent to.
      if (this.#asked.get(record['id']) !== session) forwarded = undefined;
      else this.#asked.delete(record['id']);
    }
    if (forwarded === undefined) return;
    this.#delivering = session;
    try {
      this.onmessage?.(forwarded as JSONRPCMessage);
    } finally {
      this.#delivering = undefined;
    }
  }

  /** Ends a session's part in the hub; disconnects the server when none is left. @internal */
  async detach(session: HubSession): Promise<void> {
    this.#sessions.delete(session);
    for (const [originalId, hubId] of session.pending) {
      this.#routes.delete(hubId);
      this.#deliverRaw({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: hubId, reason: 'The MCP session closed.' },
      });
      session.pending.delete(originalId);
    }
    for (const [id, asked] of this.#asked) if (asked === session) this.#asked.delete(id);
    if (this.#sessions.size > 0) return;
    const disconnecting = this.#transition.then(async () => {
      if (!this.#connected || this.#sessions.size > 0) return;
      this.#connected = false;
      await this.#server.close().catch((error: unknown) => this.onerror?.(asError(error)));
    });
    this.#transition = disconnecting;
    await disconnecting;
  }

  /** Transport: the server calls it once it is connected. */
  async start(): Promise<void> {}

  /** Transport: a message from the server, routed to its session (or to all). */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const wire = toWire(message);
    const record = wire as Record<string, unknown>;
    const id = record['id'];
    if (!('method' in record)) {
      if (typeof id !== 'number') return;
      const route = this.#routes.get(id);
      if (route === undefined) return;
      this.#routes.delete(id);
      if (route.session.pending.get(route.originalId) === id) route.session.pending.delete(route.originalId);
      route.session.onmessage?.({ ...record, id: route.originalId } as JSONRPCMessage);
      return;
    }
    const related = options?.relatedRequestId;
    const owner = typeof related === 'number' ? this.#routes.get(related)?.session : undefined;
    if (isRequestId(id)) {
      const target = owner ?? (this.#sessions.size === 1 ? [...this.#sessions][0] : undefined);
      if (target === undefined) {
        this.#deliverRaw({
          jsonrpc: '2.0',
          id,
          error: {
            code: JSON_RPC_ERROR.invalidRequest,
            message: `${String(record['method'])} is not tied to a request and several sessions are open.`,
          },
        });
        return;
      }
      this.#asked.set(id, target);
      target.onmessage?.(wire);
      return;
    }
    if (related !== undefined) {
      owner?.onmessage?.(wire);
      return;
    }
    for (const session of this.#sessions) session.onmessage?.(toWire(wire));
  }

  /** Transport: the server closed (the caller's `close()`, or ours when idle): every session ends. */
  async close(): Promise<void> {
    this.#connected = false;
    const sessions = [...this.#sessions];
    this.#sessions.clear();
    this.#routes.clear();
    this.#asked.clear();
    for (const session of sessions) session.markClosed();
    this.onclose?.();
  }

  #translateCancel(
    session: HubSession,
    record: Record<string, unknown>,
  ): Record<string, unknown> | undefined {
    const params = record['params'];
    if (!isPlainObject(params) || !isRequestId(params['requestId'])) return undefined;
    const hubId = session.pending.get(params['requestId']);
    if (hubId === undefined) return undefined;
    return { ...record, params: { ...params, requestId: hubId } };
  }

  #deliverRaw(message: Record<string, unknown>): void {
    if (!this.#connected) return;
    this.onmessage?.(message as JSONRPCMessage);
  }
}

/**
 * A fresh JSON copy of a server message, as the wire would carry it. A reply with no JSON form
 * (a cycle, a BigInt) becomes a JSON-RPC error for the same id, so the client never waits for an
 * answer that cannot arrive; any other such message throws `NOT_SERIALIZABLE`.
 */
function toWire(message: JSONRPCMessage): JSONRPCMessage {
  let text: string | undefined;
  try {
    text = JSON.stringify(message);
  } catch (cause) {
    return unserializable(message, cause);
  }
  if (text === undefined) return unserializable(message, new TypeError('the message has no JSON form'));
  return JSON.parse(text) as JSONRPCMessage;
}

/** A fresh JSON copy of a client message; throws `NOT_SERIALIZABLE` when it has no JSON form. */
function fromClient(message: JSONRPCMessage): Record<string, unknown> {
  try {
    const text = JSON.stringify(message);
    if (text !== undefined) return JSON.parse(text) as Record<string, unknown>;
  } catch (cause) {
    throw notSerializable(cause);
  }
  throw notSerializable(new TypeError('the message has no JSON form'));
}

function notSerializable(cause: unknown): SdkMcpError {
  return new SdkMcpError({
    code: 'NOT_SERIALIZABLE',
    message: `An MCP message could not be serialized as JSON: ${String(cause)}. Return only JSON values (no cycles, BigInt or functions).`,
    cause,
  });
}

function unserializable(message: JSONRPCMessage, cause: unknown): JSONRPCMessage {
  const record = message as Record<string, unknown>;
  const isReply = !('method' in record) && isRequestId(record['id']);
  if (isReply) {
    return {
      jsonrpc: '2.0',
      id: record['id'] as RequestId,
      error: {
        code: JSON_RPC_ERROR.internalError,
        message: `The reply could not be serialized as JSON: ${String(cause)}`,
      },
    };
  }
  throw notSerializable(cause);
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
