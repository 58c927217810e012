import type { SessionStore } from '@ccsdk/session-store';
import type { ServerMetrics, StoreLog } from './server-metrics.js';

/**
 * `store` with each `append` timed into `ccsdk_serve_store_append_seconds{log}` and each one that
 * rejects counted in `ccsdk_serve_store_append_errors_total{log}`; the answer and the error pass
 * through unchanged, and every other method is the store's own (called on the store itself, so
 * a class with private fields works). Without `metrics` the store is returned as it is.
 */
export function timedStore(
  store: SessionStore,
  log: StoreLog,
  metrics: ServerMetrics | undefined,
): SessionStore {
  if (metrics === undefined) return store;
  const append: SessionStore['append'] = async (key, entries) => {
    const started = performance.now();
    try {
      await store.append(key, entries);
    } catch (error) {
      metrics.storeAppended(log, (performance.now() - started) / 1000, true);
      throw error;
    }
    metrics.storeAppended(log, (performance.now() - started) / 1000, false);
  };
  return new Proxy(store, {
    get(target, property) {
      if (property === 'append') return append;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
