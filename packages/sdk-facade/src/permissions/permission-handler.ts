import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { CanUseTool, CanUseToolContext, PermissionResult, PermissionUpdate } from './permissions.js';

/**
 * Answers the CLI's `can_use_tool` control requests with the caller's callback.
 * Allow echoes `updatedInput` (default: the original input); a callback that throws, or answers
 * something that is neither allow nor deny, denies (fail closed) and the error goes to `onWarning`.
 * There is no timeout that could turn into an allow.
 */
export function createPermissionHandler(
  canUseTool: CanUseTool,
  warn: (error: Error) => void,
): ControlRequestHandler {
  return async (request, { signal, requestId }) => {
    const input = isRecord(request['input']) ? request['input'] : {};
    let result: PermissionResult | null;
    try {
      result = await canUseTool(String(request['tool_name']), input, contextOf(request, signal, requestId));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      warn(failure);
      return { behavior: 'deny', message: `The permission callback failed: ${failure.message}` };
    }
    if (result?.behavior === 'allow') {
      return {
        behavior: 'allow',
        updatedInput: result.updatedInput ?? input,
        ...(result.updatedPermissions === undefined ? {} : { updatedPermissions: result.updatedPermissions }),
      };
    }
    if (result?.behavior === 'deny') {
      return {
        behavior: 'deny',
        message: typeof result.message === 'string' ? result.message : 'Denied.',
        ...(result.interrupt === true ? { interrupt: true } : {}),
      };
    }
    if (result === null) return { behavior: 'deny', message: 'Denied.' };
    warn(
      new TypeError(`canUseTool must answer { behavior: 'allow' | 'deny' }, got ${JSON.stringify(result)}`),
    );
    return { behavior: 'deny', message: 'The permission callback gave no valid answer.' };
  };
}

/** The callback's context from the request's snake_case fields; absent fields stay absent. */
function contextOf(
  request: Record<string, unknown>,
  signal: AbortSignal,
  requestId: string,
): CanUseToolContext {
  const text = (key: string): string | undefined => {
    const value = request[key];
    return typeof value === 'string' ? value : undefined;
  };
  const context: CanUseToolContext = { signal, toolUseID: text('tool_use_id') ?? '', requestId };
  const suggestions = request['permission_suggestions'];
  if (Array.isArray(suggestions)) context.suggestions = suggestions as PermissionUpdate[];
  const strings = [
    ['blocked_path', 'blockedPath'],
    ['decision_reason', 'decisionReason'],
    ['agent_id', 'agentID'],
    ['title', 'title'],
    ['display_name', 'displayName'],
    ['description', 'description'],
  ] as const;
  for (const [wire, name] of strings) {
    const value = text(wire);
    if (value !== undefined) context[name] = value;
  }
  if (typeof request['default_to_no'] === 'boolean') context.defaultToNo = request['default_to_no'];
  if (typeof request['suppress_always_allow_rule'] === 'boolean') {
    context.suppressAlwaysAllowRule = request['suppress_always_allow_rule'];
  }
  const server = request['mcp_server'];
  if (isRecord(server) && typeof server['name'] === 'string' && typeof server['source'] === 'string') {
    context.mcpServer = { name: server['name'], source: server['source'] };
  }
  const rule = request['matched_ask_rule'];
  if (isRecord(rule) && typeof rule['source'] === 'string' && typeof rule['tool_name'] === 'string') {
    context.matchedAskRule = {
      source: rule['source'],
      toolName: rule['tool_name'],
      ...(typeof rule['rule_content'] === 'string' ? { ruleContent: rule['rule_content'] } : {}),
    };
  }
  return context;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
