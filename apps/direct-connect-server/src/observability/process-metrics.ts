import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The registry of this process's default metrics (`process_resident_memory_bytes`,
 * `nodejs_eventloop_lag_seconds`, GC durations, ...), made on first use and shared by every
 * server of the process: they describe the process, not one server, and prom-client's collectors
 * (an event-loop delay monitor, a GC observer) cannot be stopped, so a set per server would add
 * collectors with every server started and never remove them (a process that starts hundreds,
 * such as a test run, kept them all). Never the library's global registry.
 */
export function processMetricsRegistry(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
