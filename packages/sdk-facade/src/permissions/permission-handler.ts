import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { CanUseTool, CanUseToolContext, PermissionResult } from './permissions.js';

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
  return async (request, { signal }) => {
    const input = isRecord(request['input']) ? request['input'] : {};
    let result: PermissionResult;
    try {
      result = await canUseTool(String(request['tool_name']), input, contextOf(request, signal));
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
    warn(
      new TypeError(`canUseTool must answer { behavior: 'allow' | 'deny' }, got ${JSON.stringify(result)}`),
    );
    return { behavior: 'deny', message: 'The permission callback gave no valid answer.' };
  };
}

function contextOf(request: Record<string, unknown>, signal: AbortSignal): CanUseToolContext {
  const text = (key: string): string | undefined => {
    const value = request[key];
    return typeof value === 'string' ? value : undefined;
  };
  const suggestions = request['permission_suggestions'];
  const context: { -readonly [K in keyof CanUseToolContext]: CanUseToolContext[K] } = { signal };
  if (Array.isArray(suggestions)) context.suggestions = suggestions;
  const toolUseID = text('tool_use_id');
  if (toolUseID !== undefined) context.toolUseID = toolUseID;
  const blockedPath = text('blocked_path');
  if (blockedPath !== undefined) context.blockedPath = blockedPath;
  const decisionReason = text('decision_reason');
  if (decisionReason !== undefined) context.decisionReason = decisionReason;
  const agentID = text('agent_id');
  if (agentID !== undefined) context.agentID = agentID;
  return context;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
