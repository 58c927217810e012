import { createRequire } from 'node:module';

/** The `@opentelemetry/api` module, when installed. Only its type is imported statically. */
export type OtelApi = typeof import('@opentelemetry/api');

/** The package loaded lazily; an optional peer dependency of `@ccsdk/sdk`. */
export const OTEL_API_PACKAGE = '@opentelemetry/api';

type LoadModule = (name: string) => unknown;

let cached: { api: OtelApi | undefined } | undefined;

/**
 * The OpenTelemetry API if the application has it installed, else `undefined`. Tried once per
 * process (the answer is cached), synchronously, so `query()` stays synchronous; without the
 * package the cost is one failed module resolution. The API keeps its state (tracer provider,
 * context manager, propagator) on a process-wide global, so this copy sees what the
 * application registered through its own import.
 */
export function loadOtelApi(load: LoadModule = defaultLoad): OtelApi | undefined {
  cached ??= { api: tryLoad(load) };
  return cached.api;
}

/** Forgets the cached answer (tests only). */
export function resetOtelApiCache(): void {
  cached = undefined;
}

function tryLoad(load: LoadModule): OtelApi | undefined {
  try {
    const api = load(OTEL_API_PACKAGE) as Partial<OtelApi> | undefined;
    return api?.trace !== undefined && api.context !== undefined ? (api as OtelApi) : undefined;
  } catch {
    return undefined;
  }
}

function defaultLoad(name: string): unknown {
  return createRequire(import.meta.url)(name);
}
