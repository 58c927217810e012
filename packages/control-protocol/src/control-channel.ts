import {
  cancelledByPeerError,
  connectionClosedError,
  duplicateRequestIdError,
  errorResponseError,
  handlerFailedError,
  malformedFrameError,
  malformedReplyError,
  strayResponseError,
  toError,
} from './channel-errors.js';
import {
  assertOptionalFunction,
  assertSubtype,
  type ControlChannelOptions,
  type ControlRequestOptions,
  isPlainRecord,
  validateChannelOptions,
  validateRequestOptions,
} from './channel-options.js';
import { ControlProtocolError } from './errors.js';
import {
  type ControlRequestContext,
  type ControlRequestHandler,
  InboundHandlers,
} from './inbound-handlers.js';
import { PendingRequests } from './pending-requests.js';
import { createRequestIdGenerator } from './request-id.js';
import { runInboundRequest } from './run-inbound-request.js';
import type { Transport, TransportCloseInfo } from './transport.js';
import { quote } from './value-checks.js';
import { classifyWireMessage } from './wire/classify-wire-message.js';
import type {
  ControlCancelRequest,
  ControlErrorBody,
  ControlRequest,
  ControlResponse,
  ControlSuccessBody,
} from './wire/control-messages.js';

const CONTROL_TYPES: ReadonlySet<unknown> = new Set([
  'control_request',
  'control_response',
  'control_cancel_request',
]);

function assertTransport(transport: unknown): asserts transport is Transport {
  const t = transport as Partial<Transport> | null;
  if (
    typeof t !== 'object' ||
    t === null ||
    typeof t.start !== 'function' ||
    typeof t.send !== 'function' ||
    typeof t.endInput !== 'function' ||
    typeof t.close !== 'function'
  ) {
    throw new TypeError(`transport must implement start, send, endInput and close, got ${quote(transport)}`);
  }
}

/**
 * The bidirectional control protocol on top of one {@link Transport}.
 *
 * Outbound, `request()` sends a `control_request` with a fresh id and waits for the matching
 * `control_response`, bounded by a timeout and an optional signal. Inbound, each
 * `control_request` goes to the handler installed for its subtype (unknown subtypes get an
 * error reply), `control_cancel_request` aborts the handler and drops its reply. Every other
 * message goes to `onMessage` in order. Nothing the peer sends can crash the loop: malformed
 * or stray control frames go to `onError`.
 */
export class ControlChannel {
  readonly #transport: Transport;
  readonly #options: ControlChannelOptions;
  readonly #defaultTimeoutMs: number;
  readonly #nextId = createRequestIdGenerator();
  readonly #pending = new PendingRequests();
  readonly #inbound = new InboundHandlers();
  #startPromise: Promise<void> | undefined;
  #closePromise: Promise<void> | undefined;
  #closed = false;
  #closeNotified = false;

  /** Wraps `transport`; nothing is sent or installed until `start()`. Throws TypeError on bad options. */
  constructor(transport: Transport, options: ControlChannelOptions) {
    assertTransport(transport);
    this.#defaultTimeoutMs = validateChannelOptions(options);
    this.#transport = transport;
    this.#options = options;
  }

  /** True once `close()` was called or the transport closed. */
  get isClosed(): boolean {
    return this.#closed;
  }

  /**
   * Installs the transport callbacks (replacing any set before), then starts the transport.
   * Idempotent: a second call returns the first call's promise.
   */
  start(): Promise<void> {
    this.#startPromise ??= this.#start();
    return this.#startPromise;
  }

  /**
   * Sends a control request and resolves with the success reply's `response` (`{}` when
   * absent). The `subtype` argument wins over a `subtype` key in `payload`. Rejects with
   * `ControlProtocolError`: `CONTROL_ERROR_RESPONSE` (the CLI answered with an error),
   * `REQUEST_TIMEOUT`, `REQUEST_ABORTED` (also without sending when the signal is already
   * aborted), `CONNECTION_CLOSED`; with the transport's error if sending failed; with a
   * TypeError for bad arguments.
   */
  async request<T = Record<string, unknown>>(
    subtype: string,
    payload?: Record<string, unknown>,
    options?: ControlRequestOptions,
  ): Promise<T> {
    assertSubtype(subtype);
    if (payload !== undefined && !isPlainRecord(payload)) {
      throw new TypeError(`payload must be an object, got ${quote(payload)}`);
    }
    const { timeoutMs, signal, deadline } = validateRequestOptions(options, this.#defaultTimeoutMs);
    if (this.#closed) throw connectionClosedError(subtype, undefined);
    if (signal?.aborted) {
      throw new ControlProtocolError({
        code: 'REQUEST_ABORTED',
        message: `Control request "${subtype}" was not sent: its signal was already aborted.`,
        cause: signal.reason,
        subtype,
      });
    }
    const requestId = this.#nextId();
    const reply = this.#pending.register(requestId, subtype, { timeoutMs, signal, deadline });
    const body: Record<string, unknown> = { subtype, ...payload };
    body.subtype = subtype;
    const fail = (error: unknown): void => {
      this.#pending.reject(requestId, toError(error));
    };
    try {
      // The official SDK's key order: request_id first.
      this.#transport.send({ request_id: requestId, type: 'control_request', request: body }).catch(fail);
    } catch (error) {
      fail(error);
    }
    return (await reply) as T;
  }

  /** Installs the handler of inbound control requests of `subtype`; undefined removes it. */
  setHandler(subtype: string, handler: ControlRequestHandler | undefined): void {
    assertSubtype(subtype);
    assertOptionalFunction('handler', handler);
    this.#inbound.set(subtype, handler);
  }

  /** Sends any other message (e.g. a user message) as is. Rejects `CONNECTION_CLOSED` after close. */
  async send(message: unknown): Promise<void> {
    if (this.#closed) throw connectionClosedError(undefined, undefined);
    await this.#transport.send(message);
  }

  /** Half-closes the transport: no more input will be sent. */
  endInput(): Promise<void> {
    return this.#transport.endInput();
  }

  /**
   * Rejects every pending request with `CONNECTION_CLOSED`, aborts every inbound handler,
   * closes the transport and waits for it. Idempotent.
   */
  close(): Promise<void> {
    this.#closePromise ??= this.#close();
    return this.#closePromise;
  }

  /**
   * Rejects every pending outbound request with `CONNECTION_CLOSED` and aborts every in-flight
   * inbound handler, without closing the transport: the first step of an ordered shutdown, so
   * callers can release resources (e.g. in-process MCP servers) before the transport goes.
   * Later requests are refused too, as after `close()`.
   */
  rejectPending(): void {
    this.#failEverything(undefined);
  }

  async #start(): Promise<void> {
    if (this.#closed) throw connectionClosedError(undefined, undefined);
    this.#transport.onmessage = (message) => this.#receive(message);
    this.#transport.onerror = (error) => this.#emitError(toError(error));
    this.#transport.onclose = (info) => this.#onTransportClose(info ?? {});
    await this.#transport.start();
  }

  async #close(): Promise<void> {
    this.#failEverything(undefined);
    try {
      await this.#transport.close();
    } finally {
      this.#notifyClosed({});
    }
  }

  #onTransportClose(info: TransportCloseInfo): void {
    this.#failEverything(info.error);
    this.#notifyClosed(info);
  }

  #failEverything(cause: Error | undefined): void {
    this.#closed = true;
    this.#pending.rejectAll((_, subtype) => connectionClosedError(subtype, cause));
    this.#inbound.abortAll(connectionClosedError(undefined, cause));
  }

  #notifyClosed(info: TransportCloseInfo): void {
    if (this.#closeNotified) return;
    this.#closeNotified = true;
    try {
      this.#options.onClose?.(info);
    } catch (error) {
      this.#emitError(toError(error));
    }
  }

  #emitError(error: Error): void {
    try {
      this.#options.onError?.(error);
    } catch {
      // An onError that throws has nowhere left to report to; the loop must go on.
    }
  }

  #receive(message: unknown): void {
    const type = isPlainRecord(message) ? message.type : undefined;
    if (!CONTROL_TYPES.has(type)) {
      this.#deliver(message);
      return;
    }
    const classified = classifyWireMessage(message);
    switch (classified.kind) {
      case 'control_request':
        this.#onRequest(classified.message);
        return;
      case 'control_response':
        this.#onResponse(classified.message);
        return;
      case 'control_cancel_request':
        this.#onCancel(classified.message);
        return;
      default:
        this.#onMalformed(
          message as Record<string, unknown>,
          'reason' in classified ? classified.reason : '',
        );
    }
  }

  #deliver(message: unknown): void {
    try {
      this.#options.onMessage(message);
    } catch (error) {
      this.#emitError(handlerFailedError('onMessage', error));
    }
  }

  #onMalformed(message: Record<string, unknown>, reason: string): void {
    this.#emitError(malformedFrameError(reason));
    const requestId = message.request_id;
    if (message.type === 'control_request' && typeof requestId === 'string') {
      void this.#reply({
        subtype: 'error',
        request_id: requestId,
        error: `Malformed control request: ${reason}`,
      });
      return;
    }
    const response = message.response;
    const responseId = isPlainRecord(response) ? response.request_id : undefined;
    if (message.type === 'control_response' && typeof responseId === 'string') {
      const subtype = this.#pending.subtypeOf(responseId);
      this.#pending.reject(responseId, malformedReplyError(subtype, reason, message));
    }
  }

  #onResponse(message: ControlResponse): void {
    const body = message.response;
    const requestId = body.request_id;
    const subtype = this.#pending.subtypeOf(requestId);
    if (subtype === undefined) {
      if (this.#pending.wasAbandoned(requestId) || this.#inbound.wasAnswered(requestId)) return;
      this.#emitError(strayResponseError(requestId));
      return;
    }
    if (body.subtype === 'success') {
      this.#pending.resolve(requestId, body.response ?? {});
      return;
    }
    this.#pending.reject(requestId, errorResponseError(subtype, body));
  }

  #onCancel(message: ControlCancelRequest): void {
    this.#inbound.cancel(message.request_id, cancelledByPeerError(message.request_id));
  }

  #onRequest(message: ControlRequest): void {
    const { request_id: requestId, request } = message;
    const handler = this.#inbound.handlerFor(request);
    if (handler === undefined) {
      void this.#reply({
        subtype: 'error',
        request_id: requestId,
        error: `Unsupported control request subtype: ${request.subtype}`,
      });
      return;
    }
    const controller = this.#inbound.begin(requestId);
    if (controller === undefined) {
      this.#emitError(duplicateRequestIdError(requestId, request.subtype));
      return;
    }
    void runInboundRequest({
      handler,
      request,
      requestId,
      controller,
      reply: (body) => this.#reply(body),
      report: (error) => this.#emitError(error),
      settled: () => this.#inbound.finish(requestId, controller),
    });
  }

  async #reply(body: ControlSuccessBody | ControlErrorBody): Promise<void> {
    try {
      await this.#transport.send({ type: 'control_response', response: body });
    } catch (error) {
      this.#emitError(toError(error));
    }
  }
}

export type { ControlChannelOptions, ControlRequestContext, ControlRequestHandler, ControlRequestOptions };
