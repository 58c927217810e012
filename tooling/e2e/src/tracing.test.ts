/**
 * Tracing through the real CLI: with a real OpenTelemetry SDK registered (in-memory exporter),
 * query() nests its spans under the caller's, and the CLI process it starts carries the query
 * span's W3C trace context in its environment (read from /proc while it runs, and from the
 * output of a shell command the CLI ran).
 */
import { readFile } from 'node:fs/promises';
import { createSdkMcpServer, isSDKResultMessage, query, tool } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { context, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collect } from './support/collect.js';
import { findProcessesWithEnv } from './support/process-table.js';
import { type Rig, startRig } from './support/rig.js';

const exporter = new InMemorySpanExporter();
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});
afterAll(() => {
  trace.disable();
  context.disable();
});

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
  exporter.reset();
});

function spanNamed(name: string): ReadableSpan {
  const spans = exporter.getFinishedSpans();
  const found = spans.find((span) => span.name === name);
  if (found === undefined) throw new Error(`no span ${name}; got ${spans.map((s) => s.name).join(', ')}`);
  return found;
}

/** The variables of the running CLI (the process whose command line is the claude binary). */
async function cliEnvironment(marker: string): Promise<Map<string, string>> {
  const cli = (await findProcessesWithEnv(marker)).find((p) =>
    /claude-code[^ ]*\/claude /.test(`${p.command} `),
  );
  if (cli === undefined) return new Map();
  const environ = await readFile(`/proc/${cli.pid}/environ`, 'latin1');
  return new Map(
    environ
      .split('\0')
      .filter((entry) => entry.includes('='))
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
}

describe('query() tracing through the real Claude Code CLI', () => {
  it('should pass the query span context to the CLI and record spans for the query, permission, hook and MCP tool', async () => {
    rig = await startRig({
      script: [
        reply(toolUse('Bash', { command: 'echo "tp=$TRACEPARENT"', description: 'show' }, 'toolu_echo')),
        reply(toolUse('Bash', { command: 'touch traced.txt', description: 'create' }, 'toolu_touch')),
        reply(toolUse('mcp__calc__add', { a: 2, b: 40 }, 'toolu_add')),
        reply(text('All done.')),
      ],
    });
    const marker = rig.processMarker;
    let seenByCli: Map<string, string> | undefined;
    const calc = createSdkMcpServer({
      name: 'calc',
      version: '1.0.0',
      tools: [
        tool('add', 'Adds two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => {
          trace.getTracer('app').startSpan('inside add').end();
          return { content: [{ type: 'text', text: String(a + b) }] };
        }),
      ],
    });
    const tracer = trace.getTracer('app');
    const messages = await tracer.startActiveSpan('app request', async (caller: Span) => {
      try {
        return await collect(
          query({
            prompt: 'Show the trace context, create a file, add 2 and 40',
            options: {
              env: rig!.env,
              cwd: rig!.sandbox.cwd,
              mcpServers: { calc },
              allowedTools: ['mcp__calc__add'],
              canUseTool: async () => {
                // The CLI is running now (it is waiting for this answer): read its environment.
                seenByCli ??= await cliEnvironment(marker);
                return { behavior: 'allow' };
              },
              hooks: { PreToolUse: [{ hooks: [async () => ({})] }] },
            },
          }),
        );
      } finally {
        caller.end();
      }
    });
    expect(messages.filter(isSDKResultMessage).at(-1)).toMatchObject({ subtype: 'success' });

    const caller = spanNamed('app request');
    const agent = spanNamed('invoke_agent claude-code');
    const traceId = caller.spanContext().traceId;
    expect(agent.spanContext().traceId).toBe(traceId);
    expect(agent.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
    const expected = `00-${traceId}-${agent.spanContext().spanId}-01`;

    // Read from /proc/<pid>/environ of the CLI while it ran.
    expect(seenByCli?.get('TRACEPARENT')).toBe(expected);
    // And inherited by the shell the CLI ran the model's command in.
    const echoed = rig.fake
      .mainRequests()
      .flatMap((r) => r.toolResults)
      .find((r) => r.toolUseId === 'toolu_echo');
    expect(echoed?.text.trim()).toBe(`tp=${expected}`);

    const session = messages.find(isSDKResultMessage)?.session_id;
    expect(agent.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': session,
      'ccsdk.result.subtype': 'success',
    });
    expect(agent.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);

    const permission = exporter
      .getFinishedSpans()
      .find(
        (span) =>
          span.name === 'can_use_tool Bash' && span.attributes['gen_ai.tool.call.id'] === 'toolu_touch',
      );
    expect(permission?.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(permission?.attributes).toMatchObject({
      'gen_ai.tool.name': 'Bash',
      'ccsdk.permission.behavior': 'allow',
    });
    const hooks = exporter.getFinishedSpans().filter((span) => span.name === 'hook PreToolUse');
    expect(hooks.map((span) => span.attributes['gen_ai.tool.call.id']).sort()).toEqual([
      'toolu_add',
      'toolu_echo',
      'toolu_touch',
    ]);
    const mcp = spanNamed('execute_tool add');
    expect(mcp.parentSpanContext?.spanId).toBe(agent.spanContext().spanId);
    expect(mcp.attributes).toMatchObject({ 'gen_ai.tool.name': 'add', 'ccsdk.mcp.server': 'calc' });
    expect(mcp.status.code).toBe(SpanStatusCode.UNSET);
    expect(spanNamed('inside add').parentSpanContext?.spanId).toBe(mcp.spanContext().spanId);
  });

  it('should pass no trace context when no span is active and no provider records', async () => {
    trace.disable();
    try {
      rig = await startRig({
        script: [
          reply(toolUse('Bash', { command: 'echo "tp=$TRACEPARENT"' }, 'toolu_echo')),
          reply(text('ok')),
        ],
      });
      const marker = rig.processMarker;
      let seenByCli: Map<string, string> | undefined;
      await collect(
        query({
          prompt: 'Show the trace context',
          options: {
            env: { ...rig.env, TRACEPARENT: undefined },
            cwd: rig.sandbox.cwd,
            canUseTool: async () => {
              seenByCli ??= await cliEnvironment(marker);
              return { behavior: 'allow' };
            },
          },
        }),
      );
      expect(seenByCli?.get('CLAUDE_CONFIG_DIR')).toBe(rig.sandbox.configDir);
      expect(seenByCli?.has('TRACEPARENT')).toBe(false);
      const echoed = rig.fake
        .mainRequests()
        .flatMap((r) => r.toolResults)
        .find((r) => r.toolUseId === 'toolu_echo');
      expect(echoed?.text.trim()).toBe('tp=');
      expect(exporter.getFinishedSpans()).toEqual([]);
    } finally {
      trace.setGlobalTracerProvider(
        new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
      );
    }
  });
});
