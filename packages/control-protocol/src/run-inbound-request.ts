import { handlerFailedError, replyErrorText } from './channel-errors.js';
import type { ControlRequestHandler } from './inbound-handlers.js';
import { quote } from './value-checks.js';
import type { ControlErrorBody, ControlRequestBody, ControlSuccessBody } from './wire/control-messages.js';

/** What running one inbound control request needs. */
export interface InboundRun {
  readonly handler: ControlRequestHandler;
  readonly request: ControlRequestBody;
  readonly requestId: string;
  readonly controller: AbortController;
  /** Sends the reply body; must not throw. */
  readonly reply: (body: ControlSuccessBody | ControlErrorBody) => Promise<void>;
  /** Reports a handler failure; must not throw. */
  readonly report: (error: Error) => void;
  /** Called once the handler settled, before the reply. */
  readonly settled: () => void;
}

/**
 * Runs one inbound handler and answers: its object (or `{}`) as a success reply, a throw or a
 * non-object result as an error reply plus a `HANDLER_FAILED` report. Sends nothing once the
 * request's signal was aborted (the CLI cancelled it, or the channel closed).
 */
export async function runInboundRequest(run: InboundRun): Promise<void> {
  const { handler, request, requestId, controller } = run;
  let result: unknown;
  let failure: { error: unknown } | undefined;
  try {
    result = await handler(request, { requestId, signal: controller.signal });
    if (result !== undefined && (typeof result !== 'object' || result === null || Array.isArray(result))) {
      failure = { error: new TypeError(`the handler returned ${quote(result)}, not an object`) };
    }
  } catch (error) {
    failure = { error };
  }
  run.settled();
  if (controller.signal.aborted) return;
  if (failure === undefined) {
    const response = (result ?? {}) as Record<string, unknown>;
    await run.reply({ subtype: 'success', request_id: requestId, response });
    return;
  }
  run.report(
    handlerFailedError(`The handler of control request "${request.subtype}"`, failure.error, request.subtype),
  );
  await run.reply({ subtype: 'error', request_id: requestId, error: replyErrorText(failure.error) });
}
