import type { Transport } from '@ccsdk/control-protocol';
import type { EngineHooks, EngineHost } from '../engine/query-engine.js';
import { QueryEngine } from '../engine/query-engine.js';
import type { ExtendedOptions } from '../options/options.js';
import { createSessionMirror } from '../sessions/session-mirror.js';
import { createStoreResumeTransport, resumesFromStore } from '../sessions/store-resume.js';
import { QueryTracing } from '../tracing/query-tracing.js';
import { createDefaultTransport } from '../transport/default-transport.js';

/**
 * The Node `query()`'s session: the shared {@link QueryEngine} with the Node host — the CLI
 * subprocess (or `options.transport`), the session-store mirror and store resume, OpenTelemetry
 * tracing, and `process.emitWarning` for warnings.
 */
export class QueryRun extends QueryEngine {
  /**
   * `startsCli` says the CLI behind the transport is started from these options (see
   * `EngineHost.startsCli`); by default, when `options.transport` is not set. `prewarm()` passes
   * `true` with the transport it started itself.
   */
  constructor(
    options: ExtendedOptions,
    initializeTimeoutMs?: number,
    startsCli = options.transport === undefined,
  ) {
    super(options, nodeEngineHost(options, startsCli), initializeTimeoutMs);
  }
}

/** The Node side of a query: what the browser `query()` has not (subprocess, fs, async hooks). */
export function nodeEngineHost(
  options: ExtendedOptions,
  startsCli = options.transport === undefined,
): EngineHost {
  const tracing = QueryTracing.start(options);
  return {
    tracing,
    warn: (error) => process.emitWarning(error),
    createTransport: (hooks) => createNodeTransport(options, tracing, hooks),
    startsCli,
  };
}

function createNodeTransport(
  options: ExtendedOptions,
  tracing: QueryTracing | undefined,
  hooks: EngineHooks,
): Transport {
  // The options the CLI is started with: the caller's, plus the trace context in `env`.
  const traced = tracing?.withTraceContext(options) ?? options;
  const report = (message: Record<string, unknown>): void => hooks.reportMirrorError(message);
  if (!resumesFromStore(options)) hooks.setMirror(createSessionMirror(options, report));
  if (options.transport !== undefined) return options.transport;
  if (resumesFromStore(options)) {
    return createStoreResumeTransport(traced, {
      onStart: (effective) => hooks.setMirror(createSessionMirror(effective, report)),
      onCleanup: (cleanup) => hooks.setAfterExit(cleanup),
    });
  }
  return createDefaultTransport(traced);
}
