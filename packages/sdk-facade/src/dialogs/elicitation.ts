import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { ElicitationRequest, ElicitationResult, OnElicitation } from '../options/dialogs.js';
import { untilAborted } from './until-aborted.js';

/**
 * Answers the CLI's `elicitation` control requests: with `onElicitation`, its answer; without
 * it, `decline` (the official SDK's default). A callback that throws gets an error reply with its
 * message, as from the official SDK (the CLI then tells the MCP server `cancel`); the error reaches
 * `onWarning` as the cause of the channel's `HANDLER_FAILED`.
 */
export function createElicitationHandler(onElicitation: OnElicitation | undefined): ControlRequestHandler {
  return async (request, { signal, requestId }) => {
    if (onElicitation === undefined) return { action: 'decline' };
    const result: ElicitationResult | null = await onElicitation(elicitationRequestOf(request), {
      signal,
      requestId,
    });
    if (result === null) return untilAborted(signal);
    return { ...result };
  };
}

/**
 * The callback's request from the wire fields, built as the official SDK builds it (seen through
 * the real CLI): every field a key, `undefined` when the CLI sent none, in the official's order.
 */
function elicitationRequestOf(wire: Record<string, unknown>): ElicitationRequest {
  const text = (key: string): string | undefined =>
    typeof wire[key] === 'string' ? (wire[key] as string) : undefined;
  const mode = text('mode');
  const schema = wire['requested_schema'];
  const request = {
    serverName: text('mcp_server_name') ?? '',
    message: text('message') ?? '',
    mode: mode === 'form' || mode === 'url' ? mode : undefined,
    url: text('url'),
    elicitationId: text('elicitation_id'),
    requestedSchema:
      typeof schema === 'object' && schema !== null && !Array.isArray(schema)
        ? (schema as Record<string, unknown>)
        : undefined,
    title: text('title'),
    displayName: text('display_name'),
    description: text('description'),
  };
  // Keys with an undefined value, as the official passes them; the type's optional keys allow them.
  return request as ElicitationRequest;
}
