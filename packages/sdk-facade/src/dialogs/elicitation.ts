import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import { untilAborted } from './until-aborted.js';

/** An MCP server's request for user input, as `onElicitation` receives it. */
export interface ElicitationRequest {
  /** The MCP server that asks. */
  serverName: string;
  /** What to show the user. */
  message: string;
  /** `form`: fill in `requestedSchema`; `url`: open `url` (e.g. to sign in). */
  mode?: 'form' | 'url';
  /** The page to open, in `url` mode. */
  url?: string;
  /** Correlates a `url` elicitation with its completion notice. */
  elicitationId?: string;
  /** JSON Schema of the answer, in `form` mode. */
  requestedSchema?: Record<string, unknown>;
  /** Header of a permission prompt driven by an elicitation. */
  title?: string;
  /** Short label of the tool or server. */
  displayName?: string;
  /** Subtitle of the permission prompt. */
  description?: string;
}

/** The user's answer to an elicitation, as MCP defines it. */
export interface ElicitationResult {
  action: 'accept' | 'decline' | 'cancel';
  /** The form's values, with `accept` in `form` mode. */
  content?: { [key: string]: string | number | boolean | string[] };
  _meta?: { [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * Answers an MCP server's elicitation. Resolve `null` only when the answer was already sent
 * another way: nothing is then written and the request stays open until the server gives up.
 */
export type OnElicitation = (
  request: ElicitationRequest,
  options: { signal: AbortSignal; requestId: string },
) => Promise<ElicitationResult | null>;

/**
 * Answers the CLI's `elicitation` control requests: with `onElicitation`, its answer; without
 * it, `decline` (the official SDK's default). A callback that throws declines too, and the
 * error goes to `warn`.
 */
export function createElicitationHandler(
  onElicitation: OnElicitation | undefined,
  warn: (error: Error) => void,
): ControlRequestHandler {
  return async (request, { signal, requestId }) => {
    if (onElicitation === undefined) return { action: 'decline' };
    let result: ElicitationResult | null;
    try {
      result = await onElicitation(elicitationRequestOf(request), { signal, requestId });
    } catch (error) {
      warn(error instanceof Error ? error : new Error(String(error)));
      return { action: 'decline' };
    }
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
