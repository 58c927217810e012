import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** Test helper: registers a real OpenTelemetry SDK (async context, in-memory exporter) globally. */
export function installInMemoryTracing(): { exporter: InMemorySpanExporter; uninstall(): void } {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  return {
    exporter,
    uninstall() {
      trace.disable();
      context.disable();
    },
  };
}

/** The finished span with this name; throws when there is none. */
export function spanNamed(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = spans.find((span) => span.name === name);
  if (found === undefined) throw new Error(`no span ${name}; got ${spans.map((s) => s.name).join(', ')}`);
  return found;
}
