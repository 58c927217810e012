import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import {
  CLI_START_BUCKETS_SECONDS,
  FIRST_MESSAGE_BUCKETS_SECONDS,
  STORE_APPEND_BUCKETS_SECONDS,
} from './observability-limits.js';
import { processMetricsRegistry } from './process-metrics.js';
import { reasonLabel } from './route-label.js';

/** What a warm pool reports, read at each scrape. */
export interface PoolStats {
  /** Spares started and initialized, waiting to be claimed. */
  readonly ready: number;
  /** Spares being started. */
  readonly starting: number;
  /** Claims that found a spare, since the server started. */
  readonly hits: number;
  /** Claims that found the pool empty and started a process, since the server started. */
  readonly misses: number;
  /** Spares replaced because they died or grew too old, since the server started. */
  readonly replaced: number;
}

/** The event logs the store holds appends for (the `log` label). */
export type StoreLog = 'transcript_mirror' | 'sse_event_log';

/** Sources of the metrics read at each scrape rather than counted as they happen. */
export interface ServerMetricsSources {
  /** Sessions alive now. */
  readonly sessionsActive?: () => number;
  /** WebSockets open now (attached or waiting for their auth frame). */
  readonly webSocketsOpen?: () => number;
  /**
   * The warm pool's figures, e.g. `() => warmPool?.stats()`; without it, or while it answers
   * `undefined` (no pool), the pool metrics read 0.
   */
  readonly poolStats?: () => PoolStats | undefined;
}

/** The prefix of every metric of the server (the process's default metrics keep their usual names). */
export const METRICS_PREFIX = 'ccsdk_serve_';

/**
 * The Prometheus metrics of one server, in a registry of its own (two servers in one process
 * share nothing; the library's global registry is never used); its exposition adds the
 * process's default metrics (`process_resident_memory_bytes`, `nodejs_eventloop_lag_seconds`,
 * ...), collected once per process ({@link processMetricsRegistry}). The app's README lists every metric and what it means. Recording never throws.
 */
export class ServerMetrics {
  /** The server's own metrics; `/metrics` exposes them with the process's ({@link exposition}). */
  readonly registry = new Registry();
  readonly #sessionsCreated: Counter;
  readonly #sessionsRefused: Counter<'reason'>;
  readonly #sessionsFailed: Counter<'reason'>;
  readonly #refusals: Counter<'route' | 'status' | 'reason'>;
  readonly #cliStart: Histogram;
  readonly #firstMessage: Histogram;
  readonly #webSocketsOpened: Counter;
  readonly #sseStreams: Gauge;
  readonly #sseOpened: Counter;
  readonly #bytesIn: Counter;
  readonly #bytesOut: Counter;
  readonly #storeAppend: Histogram<'log'>;
  readonly #storeErrors: Counter<'log'>;

  constructor(sources: ServerMetricsSources = {}) {
    const registers = [this.registry];
    const name = (suffix: string): string => `${METRICS_PREFIX}${suffix}`;
    new Gauge({
      name: name('sessions_active'),
      help: 'Sessions alive now (their CLI runs or is ending).',
      registers,
      collect() {
        this.set(sources.sessionsActive?.() ?? 0);
      },
    });
    this.#sessionsCreated = new Counter({
      name: name('sessions_created_total'),
      help: 'Sessions created by POST /sessions (not those found again by session_key).',
      registers,
    });
    this.#sessionsRefused = new Counter({
      name: name('sessions_refused_total'),
      help: 'POST /sessions answered with an error, by its code.',
      labelNames: ['reason'],
      registers,
    });
    this.#sessionsFailed = new Counter({
      name: name('sessions_failed_total'),
      help: 'Sessions that failed: spawn_failed, cli_exited (abnormally), output_overflow.',
      labelNames: ['reason'],
      registers,
    });
    this.#refusals = new Counter({
      name: name('refusals_total'),
      help: 'Every refusal: an HTTP error answer, a WebSocket upgrade refused or closed by the auth gate.',
      labelNames: ['route', 'status', 'reason'],
      registers,
    });
    this.#cliStart = new Histogram({
      name: name('cli_start_seconds'),
      help: "From spawning a session's CLI to its first stdout line.",
      buckets: [...CLI_START_BUCKETS_SECONDS],
      registers,
    });
    this.#firstMessage = new Histogram({
      name: name('first_message_seconds'),
      help: 'From a session being created to its first assistant message going to the client.',
      buckets: [...FIRST_MESSAGE_BUCKETS_SECONDS],
      registers,
    });
    new Gauge({
      name: name('websocket_connections'),
      help: 'WebSockets open now.',
      registers,
      collect() {
        this.set(sources.webSocketsOpen?.() ?? 0);
      },
    });
    this.#webSocketsOpened = new Counter({
      name: name('websocket_connections_opened_total'),
      help: 'WebSockets accepted (upgraded).',
      registers,
    });
    this.#sseStreams = new Gauge({
      name: name('sse_connections'),
      help: 'SSE event streams open now.',
      registers,
    });
    this.#sseOpened = new Counter({
      name: name('sse_connections_opened_total'),
      help: 'SSE event streams opened.',
      registers,
    });
    this.#bytesIn = new Counter({
      name: name('bytes_in_total'),
      help: "Bytes of client lines written to the sessions' CLIs (newlines included).",
      registers,
    });
    this.#bytesOut = new Counter({
      name: name('bytes_out_total'),
      help: "Bytes of CLI lines sent or queued for the sessions' clients (newlines included).",
      registers,
    });
    this.#storeAppend = new Histogram({
      name: name('store_append_seconds'),
      help: 'Duration of each append to the session store, by log.',
      labelNames: ['log'],
      buckets: [...STORE_APPEND_BUCKETS_SECONDS],
      registers,
    });
    this.#storeErrors = new Counter({
      name: name('store_append_errors_total'),
      help: 'Appends to the session store that failed, by log.',
      labelNames: ['log'],
      registers,
    });
    registerPoolMetrics(registers, name, sources.poolStats);
  }

  /** The `content-type` of {@link exposition}: the Prometheus text format. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Every metric of the server and of its process, in the Prometheus text exposition format. */
  exposition(): Promise<string> {
    return Registry.merge([this.registry, processMetricsRegistry()]).metrics();
  }

  /** One session created. */
  sessionCreated(): void {
    this.#sessionsCreated.inc();
  }

  /** One `POST /sessions` refused with the error code `reason`. */
  sessionRefused(reason: string): void {
    this.#sessionsRefused.inc({ reason: reasonLabel(reason) });
  }

  /** One session failed: `spawn_failed`, `cli_exited`, `output_overflow`. */
  sessionFailed(reason: string): void {
    this.#sessionsFailed.inc({ reason: reasonLabel(reason) });
  }

  /** One refusal on `route` (a template from `routeLabel`) with `status` and the error code `reason`. */
  refusal(route: string, status: number, reason: string): void {
    this.#refusals.inc({ route, status: String(status), reason: reasonLabel(reason) });
  }

  /** A CLI's first stdout line came `seconds` after its spawn began. */
  cliStarted(seconds: number): void {
    this.#cliStart.observe(seconds);
  }

  /** A session's first assistant message went out `seconds` after it was created. */
  firstMessage(seconds: number): void {
    this.#firstMessage.observe(seconds);
  }

  /** One WebSocket accepted. */
  webSocketOpened(): void {
    this.#webSocketsOpened.inc();
  }

  /** One SSE stream opened; call {@link sseClosed} once when it ends. */
  sseOpened(): void {
    this.#sseOpened.inc();
    this.#sseStreams.inc();
  }

  /** One SSE stream ended. */
  sseClosed(): void {
    this.#sseStreams.dec();
  }

  /** `bytes` from a client written to a CLI. */
  bytesIn(bytes: number): void {
    this.#bytesIn.inc(bytes);
  }

  /** `bytes` from a CLI sent to (or queued for) a client. */
  bytesOut(bytes: number): void {
    this.#bytesOut.inc(bytes);
  }

  /** One append to the store for `log` took `seconds`; `failed` when it rejected. */
  storeAppended(log: StoreLog, seconds: number, failed: boolean): void {
    this.#storeAppend.observe({ log }, seconds);
    if (failed) this.#storeErrors.inc({ log });
  }
}

function registerPoolMetrics(
  registers: Registry[],
  name: (suffix: string) => string,
  poolStats: (() => PoolStats | undefined) | undefined,
): void {
  const read = (): PoolStats => poolStats?.() ?? { ready: 0, starting: 0, hits: 0, misses: 0, replaced: 0 };
  new Gauge({
    name: name('pool_size'),
    help: 'Warm pool spares now, by state: ready (initialized, unclaimed) or starting.',
    labelNames: ['state'],
    registers,
    collect() {
      const stats = read();
      this.set({ state: 'ready' }, stats.ready);
      this.set({ state: 'starting' }, stats.starting);
    },
  });
  const counters: [string, string, keyof PoolStats][] = [
    ['pool_hits_total', 'Session creations that claimed a warm spare.', 'hits'],
    ['pool_misses_total', 'Session creations that found the pool empty and started a CLI.', 'misses'],
    ['pool_replaced_total', 'Warm spares replaced because they died or outlived their age.', 'replaced'],
  ];
  for (const [suffix, help, field] of counters) {
    new Counter({
      name: name(suffix),
      help,
      registers,
      collect() {
        // The pool counts; the scrape copies its running total.
        this.reset();
        this.inc(read()[field]);
      },
    });
  }
}
