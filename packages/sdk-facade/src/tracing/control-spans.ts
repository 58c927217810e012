import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { OtelApi } from './load-otel-api.js';
import { ATTR } from './span-names.js';

type Json = Record<string, unknown>;

/** How one control subtype is traced: the span to open for a request, what to record from the reply. */
interface SpanPlan {
  name: string;
  attributes: Attributes;
  /** Reads the handler's answer; returns an error description when the answer is a failure. */
  onReply(span: Span, reply: Json): string | undefined;
}

/** Only these inbound control requests get spans: the callbacks that run the caller's code. */
const PLANS: Record<string, (request: Json) => SpanPlan | undefined> = {
  can_use_tool: (request) => ({
    name: `can_use_tool ${text(request['tool_name'])}`,
    attributes: compact({ [ATTR.toolName]: request['tool_name'], [ATTR.toolCallId]: request['tool_use_id'] }),
    onReply: (span, reply) => {
      span.setAttribute(ATTR.permissionBehavior, text(reply['behavior']));
      return undefined;
    },
  }),
  hook_callback: (request) => {
    const input = record(request['input']);
    return {
      name: `hook ${text(input['hook_event_name'])}`,
      attributes: compact({
        [ATTR.hookEvent]: input['hook_event_name'],
        [ATTR.hookCallbackId]: request['callback_id'],
        [ATTR.toolName]: input['tool_name'],
        [ATTR.toolCallId]: request['tool_use_id'],
      }),
      onReply: () => undefined,
    };
  },
  mcp_message: (request) => {
    const message = record(request['message']);
    if (message['method'] !== 'tools/call') return undefined;
    const params = record(message['params']);
    return {
      name: `execute_tool ${text(params['name'])}`,
      attributes: compact({
        [ATTR.operationName]: 'execute_tool',
        [ATTR.toolName]: params['name'],
        [ATTR.toolType]: 'function',
        [ATTR.mcpMethodName]: 'tools/call',
        [ATTR.mcpServer]: request['server_name'],
      }),
      onReply: (_span, reply) => {
        const response = record(reply['mcp_response']);
        if (response['error'] !== undefined) return text(record(response['error'])['message']);
        return record(response['result'])['isError'] === true ? 'tool_error' : undefined;
      },
    };
  },
};

/**
 * Wraps an inbound control handler so each request of a traced subtype (`can_use_tool`,
 * `hook_callback`, `tools/call` over `mcp_message`) runs inside its own span, a child of
 * `parent` (the query's span). The caller's callback runs with that span active, so its own
 * spans nest under it. A throw marks the span as an error and is rethrown unchanged.
 */
export function traceControlHandler(
  api: OtelApi,
  tracer: Tracer,
  parent: Context,
  subtype: string,
  handler: ControlRequestHandler,
): ControlRequestHandler {
  const plan = PLANS[subtype];
  if (plan === undefined) return handler;
  return async (request, context) => {
    const spanPlan = plan(request);
    if (spanPlan === undefined) return handler(request, context);
    const span = tracer.startSpan(spanPlan.name, { attributes: spanPlan.attributes }, parent);
    try {
      const reply = await api.context.with(api.trace.setSpan(parent, span), () => handler(request, context));
      const failure = spanPlan.onReply(span, record(reply));
      if (failure !== undefined) {
        span.setAttribute(ATTR.errorType, failure);
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: failure });
      }
      return reply;
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setAttribute(ATTR.errorType, error instanceof Error ? error.name : 'Error');
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: String(error) });
      throw error;
    } finally {
      span.end();
    }
  };
}

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : 'unknown';
}

/** The string attributes among `values` (others, such as `undefined` or a number sent as a name, are left out). */
function compact(values: Record<string, unknown>): Attributes {
  const out: Attributes = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') out[key] = value;
  }
  return out;
}
