import { ANSWERED_REQUEST_IDS_KEPT } from './limits.js';
import { RecentIds } from './recent-ids.js';
import type { ControlRequestBody } from './wire/control-messages.js';

/** What a handler of an inbound control request learns besides the request. */
export interface ControlRequestContext {
  /** The CLI's id of this request. */
  readonly requestId: string;
  /** Aborted when the CLI cancels the request or the channel closes; the reply is then dropped. */
  readonly signal: AbortSignal;
}

/**
 * Answers one inbound control request. The returned object (or `{}` for undefined) becomes
 * the success reply's `response`; a throw becomes an error reply with the error's message, or
 * with its `replyText` when it has a string one (an error that wraps the caller's own to say
 * more in a warning than the CLI should be told).
 */
export type ControlRequestHandler = (
  request: { subtype: string; [key: string]: unknown },
  context: ControlRequestContext,
) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined;

/**
 * The handler table by subtype plus the inbound requests in flight, each with the
 * AbortController whose signal its handler received.
 */
export class InboundHandlers {
  readonly #handlers = new Map<string, ControlRequestHandler>();
  readonly #inFlight = new Map<string, AbortController>();
  readonly #answered = new RecentIds(ANSWERED_REQUEST_IDS_KEPT);

  /** Installs (or, with undefined, removes) the handler of `subtype`. */
  set(subtype: string, handler: ControlRequestHandler | undefined): void {
    if (handler === undefined) this.#handlers.delete(subtype);
    else this.#handlers.set(subtype, handler);
  }

  /** The handler of `request.subtype`, if one is installed. */
  handlerFor(request: ControlRequestBody): ControlRequestHandler | undefined {
    return this.#handlers.get(request.subtype);
  }

  /** Tracks a new inbound request. Undefined when a request with that id is already in flight. */
  begin(requestId: string): AbortController | undefined {
    if (this.#inFlight.has(requestId)) return undefined;
    const controller = new AbortController();
    this.#inFlight.set(requestId, controller);
    return controller;
  }

  /** Stops tracking a request whose handler has settled. */
  finish(requestId: string, controller: AbortController): void {
    if (this.#inFlight.get(requestId) !== controller) return;
    this.#inFlight.delete(requestId);
    this.#answered.add(requestId);
  }

  /**
   * True when a request with this id was answered here lately: a `control_response` under that
   * id is our own reply coming back (the CLI echoes them with `--replay-user-messages`).
   */
  wasAnswered(requestId: string): boolean {
    return this.#answered.has(requestId);
  }

  /** Aborts one in-flight request. False when none is in flight under that id. */
  cancel(requestId: string, reason: Error): boolean {
    const controller = this.#inFlight.get(requestId);
    if (controller === undefined) return false;
    this.#inFlight.delete(requestId);
    controller.abort(reason);
    return true;
  }

  /** Aborts every in-flight request. */
  abortAll(reason: Error): void {
    const controllers = [...this.#inFlight.values()];
    this.#inFlight.clear();
    for (const controller of controllers) controller.abort(reason);
  }
}
