import { ControlProtocolError } from './errors.js';
import type { ControlErrorBody } from './wire/control-messages.js';

/*
 * The errors the control channel raises or reports, one builder each, so messages stay
 * consistent and say what happened and what to do next.
 */

/** Any thrown value as an Error. */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** The message of any thrown value. */
export function errorText(value: unknown): string {
  return value instanceof Error ? value.message : String(value);
}

/**
 * The text of an error reply for a handler's failure: the error's own `replyText` when it carries
 * a string one (see `ControlRequestHandler`), else its message.
 */
export function replyErrorText(value: unknown): string {
  const replyText: unknown =
    value instanceof Error ? (value as { replyText?: unknown }).replyText : undefined;
  return typeof replyText === 'string' ? replyText : errorText(value);
}

/** `CONNECTION_CLOSED`: the channel closed (with the transport's failure as cause, if any). */
export function connectionClosedError(
  subtype: string | undefined,
  cause: Error | undefined,
): ControlProtocolError {
  const what =
    subtype === undefined ? 'The control channel' : `Control request "${subtype}" failed: the channel`;
  const why = cause === undefined ? '' : ` (${cause.message})`;
  return new ControlProtocolError({
    code: 'CONNECTION_CLOSED',
    message: `${what} is closed${why}. Start a new session to go on.`,
    ...(cause === undefined ? {} : { cause }),
    ...(subtype === undefined ? {} : { subtype }),
  });
}

/**
 * `CONTROL_ERROR_RESPONSE`: the CLI answered with an error reply (kept as cause, the request's
 * subtype in `subtype`). The message is the CLI's own text, as the official SDK's is, so a program
 * that shows it to a person shows the same words with either SDK; an empty reply says which
 * request was refused.
 */
export function errorResponseError(subtype: string, body: ControlErrorBody): ControlProtocolError {
  const text = typeof body.error === 'string' ? body.error.trim() : '';
  const wireCode = typeof body.error_code === 'string' ? ` (${body.error_code})` : '';
  return new ControlProtocolError({
    code: 'CONTROL_ERROR_RESPONSE',
    message:
      text === '' ? `The CLI refused control request "${subtype}"${wireCode} without saying why` : body.error,
    cause: body,
    subtype,
  });
}

/** `CONTROL_ERROR_RESPONSE`: the CLI's reply to a pending request failed its schema. */
export function malformedReplyError(
  subtype: string | undefined,
  reason: string,
  reply: unknown,
): ControlProtocolError {
  return new ControlProtocolError({
    code: 'CONTROL_ERROR_RESPONSE',
    message: `The CLI's reply to control request "${subtype}" was malformed: ${reason}`,
    cause: reply,
    ...(subtype === undefined ? {} : { subtype }),
  });
}

/** `MALFORMED_MESSAGE`: a control frame failed its schema and was ignored. */
export function malformedFrameError(reason: string): ControlProtocolError {
  return new ControlProtocolError({
    code: 'MALFORMED_MESSAGE',
    message: `Ignored a malformed control frame: ${reason}`,
  });
}

/** `MALFORMED_MESSAGE`: an inbound request reused the id of one still in flight. */
export function duplicateRequestIdError(requestId: string, subtype: string): ControlProtocolError {
  return new ControlProtocolError({
    code: 'MALFORMED_MESSAGE',
    message: `Ignored a control_request that reuses the id of one in flight: ${JSON.stringify(requestId)}.`,
    subtype,
  });
}

/** `STRAY_RESPONSE`: a reply to no request we are waiting for. */
export function strayResponseError(requestId: string): ControlProtocolError {
  return new ControlProtocolError({
    code: 'STRAY_RESPONSE',
    message: `Ignored a control_response for unknown request id ${JSON.stringify(requestId)}.`,
  });
}

/** `REQUEST_ABORTED`: the abort reason an inbound handler sees when the CLI cancels. */
export function cancelledByPeerError(requestId: string): ControlProtocolError {
  return new ControlProtocolError({
    code: 'REQUEST_ABORTED',
    message: `The CLI cancelled its control request ${JSON.stringify(requestId)}.`,
  });
}

/** `HANDLER_FAILED`: a consumer callback (`onMessage`, an inbound handler) threw. */
export function handlerFailedError(what: string, error: unknown, subtype?: string): ControlProtocolError {
  return new ControlProtocolError({
    code: 'HANDLER_FAILED',
    message: `${what} failed: ${errorText(error)}`,
    cause: error,
    ...(subtype === undefined ? {} : { subtype }),
  });
}
