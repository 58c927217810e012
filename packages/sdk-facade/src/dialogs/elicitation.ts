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

function elicitationRequestOf(wire: Record<string, unknown>): ElicitationRequest {
  const text = (key: string): string | undefined =>
    typeof wire[key] === 'string' ? (wire[key] as string) : undefined;
  const request: ElicitationRequest = {
    serverName: text('mcp_server_name') ?? '',
    message: text('message') ?? '',
  };
  const mode = text('mode');
  if (mode === 'form' || mode === 'url') request.mode = mode;
  const optional: Array<[keyof ElicitationRequest, string]> = [
    ['url', 'url'],
    ['elicitationId', 'elicitation_id'],
    ['title', 'title'],
    ['displayName', 'display_name'],
    ['description', 'description'],
  ];
  for (const [name, key] of optional) {
    const value = text(key);
    if (value !== undefined) (request as unknown as Record<string, unknown>)[name] = value;
  }
  const schema = wire['requested_schema'];
  if (typeof schema === 'object' && schema !== null && !Array.isArray(schema)) {
    request.requestedSchema = schema as Record<string, unknown>;
  }
  return request;
}
