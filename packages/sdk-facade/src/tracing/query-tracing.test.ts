import type { SDKMessage } from '@ccsdk/control-protocol';
import { context, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { query } from '../query/query.js';
import { FakeCliTransport } from '../testing/fake-cli-transport.js';
import { installInMemoryTracing, spanNamed } from '../testing/in-memory-tracing.js';
import { loadOtelApi } from './load-otel-api.js';
import { QueryTracing } from './query-tracing.js';

const INIT = { type: 'system', subtype: 'init', session_id: 'sess-1', model: 'claude-test-model' };
const SUCCESS = {
  type: 'result',
  subtype: 'success',
  is_error: false,
  result: 'hi',
  session_id: 'sess-1',
  num_turns: 2,
  total_cost_usd: 0.25,
  usage: { input_tokens: 120, output_tokens: 30 },
};

let tracing: ReturnType<typeof installInMemoryTracing>;
beforeAll(() => {
  tracing = installInMemoryTracing();
});
afterEach(() => tracing.exporter.reset());
afterAll(() => tracing.uninstall());

async function drain(iterable: AsyncIterable<SDKMessage>): Promise<void> {
  for await (const _ of iterable) {
    // only the side effects matter here
  }
}

/** Plays the CLI: once the prompt is in, emits the messages and exits. */
function conversation(transport: FakeCliTransport, messages: Record<string, unknown>[]): void {
  void transport
    .waitForSent((m) => m['type'] === 'user')
    .then(() => {
      for (const message of messages) transport.emit(message);
      transport.finish({});
    });
}

/** Sends an inbound control request as the CLI would and resolves with the SDK's answer. */
function ask(transport: FakeCliTransport, id: string, request: Record<string, unknown>): Promise<unknown> {
  transport.emit({ type: 'control_request', request_id: id, request });
  return transport.waitForSent(
    (m) => m['type'] === 'control_response' && (m['response'] as { request_id?: string }).request_id === id,
  );
}

const tracer = () => trace.getTracer('test');

describe('query() tracing with @opentelemetry/api installed', () => {
  it('should record an invoke_agent span under the caller span, with session, model, usage and outcome', async () => {
    const transport = new FakeCliTransport();
    conversation(transport, [INIT, SUCCESS]);
    await tracer().startActiveSpan('caller', async (caller) => {
      await drain(query({ prompt: 'hello', options: { transport, model: 'claude-asked' } }));
      caller.end();
    });
    const spans = tracing.exporter.getFinishedSpans();
    const agent = spanNamed(spans, 'invoke_agent claude-code');
    const caller = spanNamed(spans, 'caller');
    expect(agent.spanContext().traceId).toBe(caller.spanContext().traceId);
    expect(agent.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
    expect(agent.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.agent.name': 'claude-code',
      'gen_ai.request.model': 'claude-asked',
      'gen_ai.response.model': 'claude-test-model',
      'gen_ai.conversation.id': 'sess-1',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 30,
      'ccsdk.result.subtype': 'success',
      'ccsdk.result.num_turns': 2,
      'ccsdk.result.total_cost_usd': 0.25,
    });
    expect(agent.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('should mark the query span failed for an error result and for a CLI that exits with an error', async () => {
    const transport = new FakeCliTransport();
    conversation(transport, [INIT, { ...SUCCESS, subtype: 'error_max_turns', is_error: true }]);
    await drain(query({ prompt: 'hello', options: { transport } })).catch(() => {});
    const failed = spanNamed(tracing.exporter.getFinishedSpans(), 'invoke_agent claude-code');
    expect(failed.status.code).toBe(SpanStatusCode.ERROR);
    expect(failed.attributes['error.type']).toBe('error_max_turns');
    tracing.exporter.reset();

    const crashing = new FakeCliTransport();
    void crashing
      .waitForSent((m) => m['type'] === 'user')
      .then(() => {
        crashing.finish({ error: Object.assign(new Error('exit 3'), { code: 'PROCESS_EXITED' }) });
      });
    await drain(query({ prompt: 'hello', options: { transport: crashing } })).catch(() => {});
    const crashed = spanNamed(tracing.exporter.getFinishedSpans(), 'invoke_agent claude-code');
    expect(crashed.status.code).toBe(SpanStatusCode.ERROR);
    expect(crashed.attributes['error.type']).toBe('PROCESS_EXITED');
    expect(crashed.events.map((e) => e.name)).toContain('exception');
  });

  it('should wrap each permission callback in a span that the callback own spans nest under', async () => {
    const transport = new FakeCliTransport();
    const canUseTool = vi.fn(async (toolName: string) => {
      tracer().startSpan(`inside ${toolName}`).end();
      return toolName === 'Bash'
        ? { behavior: 'allow' as const }
        : { behavior: 'deny' as const, message: 'no' };
    });
    const run = query({ prompt: 'go', options: { transport, canUseTool } });
    await run.initializationResult();
    await ask(transport, 'c1', {
      subtype: 'can_use_tool',
      tool_name: 'Bash',
      input: {},
      tool_use_id: 'toolu_1',
    });
    await ask(transport, 'c2', {
      subtype: 'can_use_tool',
      tool_name: 'Write',
      input: {},
      tool_use_id: 'toolu_2',
    });
    await run.close();
    const spans = tracing.exporter.getFinishedSpans();
    const agent = spanNamed(spans, 'invoke_agent claude-code');
    const bash = spanNamed(spans, 'can_use_tool Bash');
    expect(bash.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(bash.attributes).toEqual({
      'gen_ai.tool.name': 'Bash',
      'gen_ai.tool.call.id': 'toolu_1',
      'ccsdk.permission.behavior': 'allow',
    });
    expect(spanNamed(spans, 'inside Bash').parentSpanContext?.spanId).toBe(bash.spanContext().spanId);
    expect(spanNamed(spans, 'can_use_tool Write').attributes['ccsdk.permission.behavior']).toBe('deny');
  });

  it('should wrap each hook callback in a span, failed when the callback throws', async () => {
    const transport = new FakeCliTransport();
    const run = query({
      prompt: 'go',
      options: {
        transport,
        onWarning: () => {},
        hooks: {
          PreToolUse: [{ hooks: [async () => ({})] }],
          PostToolUse: [
            {
              hooks: [
                async () => {
                  throw new Error('audit log full');
                },
              ],
            },
          ],
        },
      },
    });
    await run.initializationResult();
    const input = (event: string) => ({ hook_event_name: event, tool_name: 'Bash', tool_input: {} });
    await ask(transport, 'h1', {
      subtype: 'hook_callback',
      callback_id: 'hook_0',
      input: input('PreToolUse'),
      tool_use_id: 'toolu_9',
    });
    await ask(transport, 'h2', {
      subtype: 'hook_callback',
      callback_id: 'hook_1',
      input: input('PostToolUse'),
    });
    await run.close();
    const spans = tracing.exporter.getFinishedSpans();
    const pre = spanNamed(spans, 'hook PreToolUse');
    expect(pre.parentSpanContext?.spanId).toBe(
      spanNamed(spans, 'invoke_agent claude-code').spanContext().spanId,
    );
    expect(pre.attributes).toEqual({
      'ccsdk.hook.event': 'PreToolUse',
      'ccsdk.hook.callback_id': 'hook_0',
      'gen_ai.tool.name': 'Bash',
      'gen_ai.tool.call.id': 'toolu_9',
    });
    expect(pre.status.code).toBe(SpanStatusCode.UNSET);
    const post = spanNamed(spans, 'hook PostToolUse');
    expect(post.status.code).toBe(SpanStatusCode.ERROR);
    expect(post.events.map((e) => e.name)).toContain('exception');
  });

  it('should hand the query span context to the CLI environment, the caller env winning', () => {
    const api = loadOtelApi();
    expect(api).toBeDefined();
    const span = tracer().startSpan('caller');
    context.with(trace.setSpan(context.active(), span), () => {
      const traced = QueryTracing.start({}, () => api);
      const env = traced?.withTraceContext({ env: { KEEP: '1' } }).env ?? {};
      expect(env['KEEP']).toBe('1');
      expect(env['TRACEPARENT']).toMatch(new RegExp(`^00-${span.spanContext().traceId}-[0-9a-f]{16}-01$`));
      expect(env['TRACEPARENT']).not.toContain(span.spanContext().spanId);
      const mine = traced?.withTraceContext({ env: { TRACEPARENT: 'mine' } }).env;
      expect(mine?.['TRACEPARENT']).toBe('mine');
      // A given env replaces the inherited one, so nothing of process.env is added to it...
      expect(Object.keys(env).sort()).toEqual(['KEEP', 'TRACEPARENT']);
      // ...and with none given, the context goes over the inherited environment (less CLAUDECODE).
      const inherited = traced?.withTraceContext({}).env ?? {};
      expect(inherited['PATH']).toBe(process.env['PATH']);
      expect(inherited['TRACEPARENT']).toBe(env['TRACEPARENT']);
      expect('CLAUDECODE' in inherited).toBe(false);
      traced?.end();
    });
    span.end();
  });
});

describe('query() without a recording span', () => {
  it('should add nothing to the environment when no valid span context exists', () => {
    const api = loadOtelApi();
    tracing.uninstall();
    try {
      const traced = context.with(ROOT_CONTEXT, () => QueryTracing.start({ env: { A: '1' } }, () => api));
      const options = { env: { A: '1' } };
      expect(traced?.withTraceContext(options)).toBe(options);
    } finally {
      tracing = installInMemoryTracing();
    }
  });

  it('should not trace at all when @opentelemetry/api is not installed', async () => {
    expect(QueryTracing.start({}, () => undefined)).toBeUndefined();
  });
});
