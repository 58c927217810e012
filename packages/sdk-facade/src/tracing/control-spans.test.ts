import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installInMemoryTracing, spanNamed } from '../testing/in-memory-tracing.js';
import { traceControlHandler } from './control-spans.js';
import { loadOtelApi, type OtelApi } from './load-otel-api.js';

const api = loadOtelApi() as OtelApi;
let tracing: ReturnType<typeof installInMemoryTracing>;
beforeAll(() => {
  tracing = installInMemoryTracing();
});
afterEach(() => tracing.exporter.reset());
afterAll(() => tracing.uninstall());

const ctx = { signal: new AbortController().signal, requestId: 'cli_1' };
const toolCall = (name: string) => ({
  subtype: 'mcp_message',
  server_name: 'calc',
  message: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: { a: 1 } } },
});

describe('traceControlHandler', () => {
  it('should record an execute_tool span per MCP tools/call, failed for an isError result', async () => {
    const handler = traceControlHandler(
      api,
      trace.getTracer('t'),
      context.active(),
      'mcp_message',
      (request) => {
        const name = (request['message'] as { params: { name: string } }).params.name;
        return {
          mcp_response: { jsonrpc: '2.0', id: 3, result: { content: [], isError: name === 'broken' } },
        };
      },
    );
    await handler(toolCall('add'), ctx);
    await handler(toolCall('broken'), ctx);
    const spans = tracing.exporter.getFinishedSpans();
    expect(spanNamed(spans, 'execute_tool add').attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'add',
      'gen_ai.tool.type': 'function',
      'mcp.method.name': 'tools/call',
      'ccsdk.mcp.server': 'calc',
    });
    expect(spanNamed(spans, 'execute_tool add').status.code).toBe(SpanStatusCode.UNSET);
    const broken = spanNamed(spans, 'execute_tool broken');
    expect(broken.status.code).toBe(SpanStatusCode.ERROR);
    expect(broken.attributes['error.type']).toBe('tool_error');
  });

  it('should not open spans for other MCP traffic nor for untraced subtypes', async () => {
    const answer = { mcp_response: { jsonrpc: '2.0', id: 1, result: {} } };
    const mcp = traceControlHandler(api, trace.getTracer('t'), context.active(), 'mcp_message', () => answer);
    await expect(
      mcp({ subtype: 'mcp_message', server_name: 'calc', message: { method: 'tools/list', id: 1 } }, ctx),
    ).resolves.toBe(answer);
    const other = () => ({ ok: true });
    expect(traceControlHandler(api, trace.getTracer('t'), context.active(), 'elicitation', other)).toBe(
      other,
    );
    expect(tracing.exporter.getFinishedSpans()).toEqual([]);
  });

  it('should end the span as an error and rethrow when the handler throws, also for hostile requests', async () => {
    const failure = new TypeError('boom');
    const handler = traceControlHandler(api, trace.getTracer('t'), context.active(), 'can_use_tool', () => {
      throw failure;
    });
    await expect(handler({ subtype: 'can_use_tool', tool_name: 42, input: null }, ctx)).rejects.toBe(failure);
    const span = spanNamed(tracing.exporter.getFinishedSpans(), 'can_use_tool unknown');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes).toEqual({ 'error.type': 'TypeError' });
    const mcp = traceControlHandler(
      api,
      trace.getTracer('t'),
      context.active(),
      'mcp_message',
      () => undefined,
    );
    await expect(mcp({ subtype: 'mcp_message', message: 'not json-rpc' }, ctx)).resolves.toBeUndefined();
  });
});
