// Tracing with OpenTelemetry: install @opentelemetry/api (and an SDK), and query() records its
// spans under yours, and hands the trace context to the CLI as TRACEPARENT, so the CLI's own
// telemetry and the commands it runs join your trace. Here the spans go to memory and are printed.
// Run: pnpm tsx src/tracing.ts
import { isSDKResultSuccess, query } from '@ccsdk/sdk';
import { reply, text, toolUse } from '@ccsdk/testing';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { startExampleModel } from './support/example-model.js';

// Your app's OpenTelemetry setup (with a real exporter, e.g. OTLP, in production).
const exporter = new InMemorySpanExporter();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);

await using model = await startExampleModel([
  reply(
    toolUse('Bash', { command: 'echo "$TRACEPARENT"', description: 'Show the trace context' }, 'toolu_tp'),
  ),
  reply(text('The command saw the trace context.')),
]);

const tracer = trace.getTracer('my-app');
await tracer.startActiveSpan('handle user request', async (span) => {
  for await (const message of query({
    prompt: 'Print the TRACEPARENT variable.',
    options: { ...model.options, canUseTool: async () => ({ behavior: 'allow' }) },
  })) {
    if (isSDKResultSuccess(message)) console.log(`claude: ${message.result}`);
  }
  span.end();
});

const spans = exporter.getFinishedSpans();
printTree(spans);

const root = spans.find((s) => s.name === 'handle user request');
const agent = spans.find((s) => s.name === 'invoke_agent claude-code');
const traceparent = `00-${root?.spanContext().traceId}-${agent?.spanContext().spanId}-01`;
model.check(
  agent?.parentSpanContext?.spanId === root?.spanContext().spanId,
  'the query span is a child of yours',
);
model.check(
  !model.offline || model.bed?.toolResult('toolu_tp')?.text.trim() === traceparent,
  `the CLI's shell saw TRACEPARENT=${traceparent}`,
);

/** Prints spans as an indented tree with their attributes. */
function printTree(all: readonly ReadableSpan[], parentId?: string, depth = 0): void {
  for (const s of all.filter((x) => x.parentSpanContext?.spanId === parentId)) {
    console.log(`${'  '.repeat(depth)}- ${s.name} ${JSON.stringify(s.attributes)}`);
    printTree(all, s.spanContext().spanId, depth + 1);
  }
}
