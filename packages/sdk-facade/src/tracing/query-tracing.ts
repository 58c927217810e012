import type { ControlRequestHandler } from '@ccsdk/control-protocol';
import { inheritedProcessEnv } from '@ccsdk/transport-subprocess';
import type { Context, Span, Tracer } from '@opentelemetry/api';
import type { ExtendedOptions } from '../options/options.js';
import { traceControlHandler } from './control-spans.js';
import { loadOtelApi, type OtelApi } from './load-otel-api.js';
import { AGENT_NAME, ATTR, PROVIDER_NAME, TRACER_NAME } from './span-names.js';
import { traceContextEnv } from './trace-context-env.js';

type Json = Record<string, unknown>;

/**
 * The OpenTelemetry side of one query, present only when `@opentelemetry/api` is installed.
 * It opens an `invoke_agent claude-code` span in the caller's active context when the query
 * starts, hands its W3C trace context to the CLI's environment (so the CLI's own telemetry
 * nests under it), opens child spans around the caller's callbacks (see `traceControlHandler`),
 * records the session id, model, usage and outcome from the stream, and ends when the query ends.
 */
export class QueryTracing {
  readonly #api: OtelApi;
  readonly #tracer: Tracer;
  readonly #span: Span;
  readonly #context: Context;
  #inputTokens = 0;
  #outputTokens = 0;
  #ended = false;

  /**
   * Starts tracing a query, or returns `undefined` when the OpenTelemetry API is not installed
   * (`load` finds it; tests pass their own).
   */
  static start(
    options: ExtendedOptions,
    load: () => OtelApi | undefined = loadOtelApi,
  ): QueryTracing | undefined {
    const api = load();
    return api === undefined ? undefined : new QueryTracing(api, options);
  }

  private constructor(api: OtelApi, options: ExtendedOptions) {
    this.#api = api;
    this.#tracer = api.trace.getTracer(TRACER_NAME);
    const parent = api.context.active();
    this.#span = this.#tracer.startSpan(
      `invoke_agent ${AGENT_NAME}`,
      {
        kind: api.SpanKind.CLIENT,
        attributes: {
          [ATTR.operationName]: 'invoke_agent',
          [ATTR.providerName]: PROVIDER_NAME,
          [ATTR.agentName]: AGENT_NAME,
          ...(typeof options.model === 'string' ? { [ATTR.requestModel]: options.model } : {}),
        },
      },
      parent,
    );
    this.#context = api.trace.setSpan(parent, this.#span);
  }

  /**
   * `options` with the trace context added to `env` (`TRACEPARENT`, `TRACESTATE`, and what the
   * registered propagator injects): over the inherited environment when `options.env` is unset
   * (a given `env` replaces it), under `options.env` when it is set (the caller's variables win).
   * The same object when there is nothing to add.
   */
  withTraceContext(options: ExtendedOptions): ExtendedOptions {
    const env = traceContextEnv(this.#api, this.#context);
    if (Object.keys(env).length === 0) return options;
    return {
      ...options,
      env: options.env === undefined ? { ...inheritedProcessEnv(), ...env } : { ...env, ...options.env },
    };
  }

  /** Wraps an inbound control handler in per-request spans (children of the query's span). */
  traceHandler(subtype: string, handler: ControlRequestHandler): ControlRequestHandler {
    return traceControlHandler(this.#api, this.#tracer, this.#context, subtype, handler);
  }

  /** Reads what the span records from one message of the stream. */
  observe(message: unknown): void {
    if (this.#ended || typeof message !== 'object' || message === null) return;
    const m = message as Json;
    if (m['type'] === 'system' && m['subtype'] === 'init') {
      if (typeof m['session_id'] === 'string') this.#span.setAttribute(ATTR.conversationId, m['session_id']);
      if (typeof m['model'] === 'string') this.#span.setAttribute(ATTR.responseModel, m['model']);
      return;
    }
    if (m['type'] !== 'result') return;
    const usage = (m['usage'] ?? {}) as Json;
    if (typeof usage['input_tokens'] === 'number') this.#inputTokens += usage['input_tokens'];
    if (typeof usage['output_tokens'] === 'number') this.#outputTokens += usage['output_tokens'];
    this.#span.setAttributes({
      [ATTR.inputTokens]: this.#inputTokens,
      [ATTR.outputTokens]: this.#outputTokens,
      [ATTR.resultSubtype]: String(m['subtype']),
      ...(typeof m['num_turns'] === 'number' ? { [ATTR.numTurns]: m['num_turns'] } : {}),
      ...(typeof m['total_cost_usd'] === 'number' ? { [ATTR.costUsd]: m['total_cost_usd'] } : {}),
    });
    if (m['is_error'] === true) {
      this.#span.setAttribute(ATTR.errorType, String(m['subtype']));
      this.#span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: String(m['subtype']) });
    }
  }

  /** Ends the query's span (once); an `error` (e.g. the CLI exited abnormally) marks it failed. */
  end(error?: Error): void {
    if (this.#ended) return;
    this.#ended = true;
    if (error !== undefined) {
      this.#span.recordException(error);
      this.#span.setAttribute(ATTR.errorType, errorType(error));
      this.#span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: error.message });
    }
    this.#span.end();
  }
}

function errorType(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.name;
}
