/**
 * Span and attribute names of the SDK's spans. `gen_ai.*` names follow the OpenTelemetry GenAI
 * semantic conventions where one fits; the rest are this SDK's own, under `ccsdk.`.
 */

/** Name of the tracer the SDK's spans come from. */
export const TRACER_NAME = '@ccsdk/sdk';

/** `gen_ai.agent.name` of a query: the agent is Claude Code. */
export const AGENT_NAME = 'claude-code';

/** `gen_ai.provider.name` of a query. */
export const PROVIDER_NAME = 'anthropic';

export const ATTR = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  conversationId: 'gen_ai.conversation.id',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  mcpMethodName: 'mcp.method.name',
  errorType: 'error.type',
  resultSubtype: 'ccsdk.result.subtype',
  numTurns: 'ccsdk.result.num_turns',
  costUsd: 'ccsdk.result.total_cost_usd',
  permissionBehavior: 'ccsdk.permission.behavior',
  hookEvent: 'ccsdk.hook.event',
  hookCallbackId: 'ccsdk.hook.callback_id',
  mcpServer: 'ccsdk.mcp.server',
} as const;
