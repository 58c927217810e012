import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { CanUseTool, CanUseToolContext, PermissionResult, PermissionUpdate } from './permissions.js';

/**
 * Answers the CLI's `can_use_tool` control requests with the caller's callback, as the official
 * SDK answers them: the callback's result as it is (every field, `decisionClassification`
 * included; an allow without `updatedInput` keeps the input), with the request's `toolUseID`. The
 * CLI checks the answer and denies one that is neither a valid allow nor a valid deny (the model
 * is told so). A callback that throws gets an error reply with its message, which the CLI also
 * turns into a denial; the error reaches `onWarning` as the cause of a `HANDLER_FAILED`. Only a
 * callback that answers nothing at all (`null`, `undefined`, not an object), which the official SDK
 * would leave unanswered, is answered with a deny here, with a warning unless it was `null`.
 * There is no timeout that could turn into an allow.
 */
export function createPermissionHandler(
  canUseTool: CanUseTool,
  warn: (error: Error) => void,
): ControlRequestHandler {
  return async (request, { signal, requestId }) => {
    const input = isRecord(request['input']) ? request['input'] : {};
    const result: unknown = await canUseTool(
      String(request['tool_name']),
      input,
      contextOf(request, signal, requestId),
    );
    const toolUseId = request['tool_use_id'];
    const withToolUseId = typeof toolUseId === 'string' ? { toolUseID: toolUseId } : {};
    if (isRecord(result)) {
      if (result['behavior'] !== 'allow' && result['behavior'] !== 'deny') {
        warn(
          new TypeError(
            `canUseTool must answer { behavior: 'allow' | 'deny' }, got ${JSON.stringify(result)}`,
          ),
        );
      }
      return { ...(result as PermissionResult), ...withToolUseId };
    }
    if (result !== null) {
      warn(new TypeError(`canUseTool must answer { behavior: 'allow' | 'deny' }, got ${String(result)}`));
    }
    return { behavior: 'deny', message: 'Denied.', ...withToolUseId };
  };
}

/**
 * The callback's context from the request's snake_case fields, built as the official SDK builds it
 * (seen through the real CLI): every declared field is a key, `undefined` when the CLI sent none,
 * in the official's order; `mcpServer`, `matchedAskRule` and the undeclared `decisionReasonType` and
 * `serverPolicyAskOnly` are keys only when the CLI sent them. So `Object.keys`, `in` and a logged or
 * spread context are the same with either SDK.
 */
function contextOf(
  request: Record<string, unknown>,
  signal: AbortSignal,
  requestId: string,
): CanUseToolContext {
  const text = (key: string): string | undefined => {
    const value = request[key];
    return typeof value === 'string' ? value : undefined;
  };
  const flag = (key: string): boolean | undefined => {
    const value = request[key];
    return typeof value === 'boolean' ? value : undefined;
  };
  const suggestions = request['permission_suggestions'];
  const server = request['mcp_server'];
  const rule = request['matched_ask_rule'];
  const reasonType = text('decision_reason_type');
  const askOnly = flag('server_policy_ask_only');
  const context = {
    signal,
    suggestions: Array.isArray(suggestions) ? (suggestions as PermissionUpdate[]) : undefined,
    blockedPath: text('blocked_path'),
    ...(isRecord(server) && typeof server['name'] === 'string' && typeof server['source'] === 'string'
      ? { mcpServer: { name: server['name'], source: server['source'] } }
      : {}),
    decisionReason: text('decision_reason'),
    ...(reasonType === undefined ? {} : { decisionReasonType: reasonType }),
    ...(askOnly === undefined ? {} : { serverPolicyAskOnly: askOnly }),
    title: text('title'),
    displayName: text('display_name'),
    description: text('description'),
    defaultToNo: flag('default_to_no'),
    suppressAlwaysAllowRule: flag('suppress_always_allow_rule'),
    toolUseID: text('tool_use_id') ?? '',
    agentID: text('agent_id'),
    requestId,
    ...(isRecord(rule) && typeof rule['source'] === 'string' && typeof rule['tool_name'] === 'string'
      ? {
          matchedAskRule: {
            source: rule['source'],
            toolName: rule['tool_name'],
            ...(typeof rule['rule_content'] === 'string' ? { ruleContent: rule['rule_content'] } : {}),
          },
        }
      : {}),
  };
  // Keys with an undefined value, as the official passes them; the type's optional keys allow them.
  return context as CanUseToolContext;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
