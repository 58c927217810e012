import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { resolveProjectsDir } from '@ccsdk/session-jsonl';
import { type WebSocket, WebSocketServer } from 'ws';
import { applyBrowserPolicy } from './browser-cors.js';
import { type DrainOutcome, SessionDrain } from './drain.js';
import { DirectConnectServerError } from './errors.js';
import { FirstFrameAuthGate } from './first-frame-auth.js';
import type { HostedSession, HostedSessionInfo } from './hosted-session.js';
import { requestPath, sendError } from './http-io.js';
import { routeRequest } from './http-routes.js';
import {
  MAX_AUTH_FRAME_BYTES,
  READINESS_STORE_PROBE_CACHE_MS,
  WEBSOCKET_PING_INTERVAL_MS,
} from './limits.js';
import { observeServer } from './observability/observe-request.js';
import { ServerMetrics } from './observability/server-metrics.js';
import { checkReadiness, type Readiness } from './readiness.js';
import { StoreProbe } from './readiness-store-probe.js';
import { type DirectConnectServerOptions, resolveServerOptions } from './server-options.js';
import { SessionRegistry } from './session-registry.js';
import { settlesWithin } from './settles-within.js';
import { subprocessCliLinkFactory } from './subprocess-cli-link.js';
import { loadServerTokens } from './tokens/server-tokens.js';
import type { TokensChange } from './tokens/token-registry.js';
import { createUpgradeHandler } from './upgrade-handler.js';
import { PACKAGE_VERSION } from './version.js';
import { createWarmPool } from './warm-pool/create-warm-pool.js';
import { warmCliLinkFactory } from './warm-pool/warm-cli-link-factory.js';
import type { WarmPoolStats } from './warm-pool/warm-pool.js';
import { realRoots } from './work-dir.js';

/** A running Direct Connect server. */
export interface DirectConnectServer extends AsyncDisposable {
  /**
   * The connect URL clients use: `cc://host:port/<token>`. It holds the token: treat it as a
   * secret. With a tokens file it is `cc://host:port` (each client adds its own token).
   */
  readonly url: string;
  /** Base URL of the HTTP API, e.g. `http://127.0.0.1:7411`. */
  readonly httpUrl: string;
  /** The bound address. */
  readonly host: string;
  /** The bound port (the real one when 0 was asked for). */
  readonly port: number;
  /** The folders sessions may run in, as real paths. */
  readonly roots: readonly string[];
  /** The sessions the server holds now. */
  sessions(): HostedSessionInfo[];
  /**
   * Graceful shutdown: stops accepting, waits for creates in flight, ends every session, attached
   * or not (clients get close code 1001, each CLI is stopped in stages with its process group) and
   * resolves once every child is gone, or once `shutdownTimeoutMs` (default
   * `DEFAULT_SHUTDOWN_TIMEOUT_MS`, 10 s) has passed. Idempotent.
   */
  close(): Promise<void>;
  /**
   * Graceful drain, for a rolling update: `/readyz` answers 503 `draining` at once and
   * `POST /sessions` 503 `draining` with `Retry-After`, while WebSocket and SSE clients may
   * still attach to the sessions there are (a client reconnecting mid-turn gets the rest).
   * Sessions not in a turn end at once; a session in a turn ends as soon as its `result` has
   * gone out (after the mirror flushed), or when `timeoutMs` (default `drainTimeoutMs`,
   * `DEFAULT_DRAIN_TIMEOUT_MS`, 30 s) has passed. Each client gets close code 1001 with reason
   * `server draining` (over SSE, `session_ended` with that code). Then {@link close} runs, and
   * the drain resolves when it has. Logged as `server.drain_started` and
   * `server.drain_finished` with counts. Idempotent; `close()` during a drain ends everything
   * at once, and the drain resolves with it. Throws a `TypeError` for a `timeoutMs` that is not
   * a whole number of ms (0 and up).
   */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /** What `GET /readyz` answers now: whether the server takes new sessions, and why not. */
  readiness(): Promise<Readiness>;
  /**
   * Reads `tokensFile` again and replaces every token at once (`ccsdk serve` calls it on SIGHUP).
   * No session is dropped: a removed token can no longer create or attach, and its sessions go
   * on until they end; an added one works at once; a changed limit applies to the next create.
   * A bad file keeps the tokens there are, is logged as `tokens.reload_failed`, and rejects
   * with its `TokensFileError` (`NO_TOKENS_FILE` on a server started with one `token`).
   */
  reloadTokens(): Promise<TokensChange>;
  /** The warm pool's counters (`warm` > 0), else `undefined`. */
  warmPoolStats(): WarmPoolStats | undefined;
}

/**
 * Starts a server that hosts Claude Code sessions for Direct Connect clients: `POST /sessions`
 * spawns the CLI in a folder inside the roots, the session's WebSocket bridges JSON lines both
 * ways, `DELETE /sessions/:id` ends it, `GET /health` reports. Every request needs the bearer
 * token: in the `Authorization` header, or, for a browser's WebSocket (an allowed `Origin` and
 * no header), in its first frame. Browsers are refused unless their origin is in
 * `allowedOrigins`, and get CORS headers when it is. Binds the loopback address unless `host`
 * says otherwise.
 *
 * Rejects with `DirectConnectServerError` (`INVALID_ROOT`, `LISTEN_FAILED`), or with a
 * `TokensFileError` when `tokensFile` cannot be read or breaks its format; bad options throw a
 * `TypeError`.
 */
export async function startDirectConnectServer(
  options: DirectConnectServerOptions,
): Promise<DirectConnectServer> {
  const unwrapped = resolveServerOptions(options);
  const registry = new SessionRegistry(unwrapped.maxSessions);
  const tokens = await loadServerTokens({
    token: unwrapped.token,
    tokensFile: unwrapped.tokensFile,
    log: unwrapped.logger,
    sessions: () => registry.all(),
  });
  const resolved = { ...unwrapped, logger: tokens.log };
  const log = resolved.logger;
  const roots = await realRoots(resolved.roots).catch((cause: unknown) => {
    throw new DirectConnectServerError({
      code: 'INVALID_ROOT',
      message: `Every root must be an existing folder: ${cause instanceof Error ? cause.message : String(cause)}.`,
      cause,
    });
  });
  // The operator's cli.env, when given, is the CLI's whole environment.
  const projectsDir = resolveProjectsDir({ env: resolved.cli.env ?? process.env });
  const verify = tokens.verify;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxMessageBytes,
    perMessageDeflate: false,
    // The first-frame auth relies on it: a frame's 'message' comes out while its bytes are read.
    allowSynchronousEvents: true,
  });
  const metrics = new ServerMetrics({
    sessionsActive: () => registry.liveCount,
    webSocketsOpen: () => wss.clients.size,
    // Read at scrape time; the pool is made further down, before the server listens.
    poolStats: () => warmPool?.stats(),
  });
  const firstFrameAuth = new FirstFrameAuthGate({
    verifyToken: tokens.verifyRaw,
    deadlineMs: resolved.authDeadlineMs,
    maxPending: resolved.maxPendingAuthSockets,
    maxFrameBytes: MAX_AUTH_FRAME_BYTES,
    log,
    onRefused: (closeCode, reason) => metrics.refusal('/sessions/:id/ws', closeCode, reason),
  });
  const inflight = new Set<Promise<void>>();
  let shuttingDown = false;
  let activeDrain: SessionDrain | undefined;
  const storeProbe =
    resolved.sessionStore === undefined
      ? undefined
      : new StoreProbe(resolved.sessionStore, {
          timeoutMs: resolved.storeProbeTimeoutMs,
          cacheMs: READINESS_STORE_PROBE_CACHE_MS,
        });
  const readiness = (): Promise<Readiness> =>
    checkReadiness({
      registry,
      maxSessions: resolved.maxSessions,
      isDraining: () => activeDrain !== undefined,
      isShuttingDown: () => shuttingDown,
      storeProbe,
    });
  const baseCliLink = resolved.createCliLink ?? subprocessCliLinkFactory(resolved.cli);
  const warmPool = createWarmPool(resolved, baseCliLink);
  const context = {
    options: resolved,
    roots,
    registry,
    createCliLink: warmPool === undefined ? baseCliLink : warmCliLinkFactory(warmPool, baseCliLink),
    warmPool,
    projectsDir,
    tokenAdmission: tokens.admission,
    verify,
    startedAt: Date.now(),
    version: PACKAGE_VERSION,
    isShuttingDown: () => shuttingDown,
    isDraining: () => activeDrain !== undefined,
    readiness,
    metrics,
    // A create that was in flight when the drain began is drained as well.
    onCreated: (session: HostedSession) => {
      metrics.sessionCreated();
      activeDrain?.add(session);
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (applyBrowserPolicy(resolved.allowedOrigins, log, request, response) === 'answered') return;
    const handling = routeRequest(context, request, response).catch((error: unknown) => {
      log({
        level: 'error',
        event: 'request.failed',
        method: request.method,
        path: requestPath(request),
        error,
      });
      if (!response.headersSent)
        sendError(response, 500, 'internal_error', 'The server failed on this request.');
      else response.destroy();
    });
    inflight.add(handling);
    void handling.finally(() => inflight.delete(handling));
  });
  server.on(
    'upgrade',
    createUpgradeHandler({
      verify,
      allowedOrigins: resolved.allowedOrigins,
      firstFrameAuth,
      registry,
      wss,
      log,
      isShuttingDown: () => shuttingDown,
      onClosedAtAttach: (closeCode, reason) => metrics.refusal('/sessions/:id/ws', closeCode, reason),
    }),
  );
  // Request ids, refusal counts and WebSocket counts around the handlers above.
  observeServer(server, metrics, wss);
  const heartbeat = startHeartbeat(wss);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(resolved.port, resolved.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (cause) {
    clearInterval(heartbeat);
    throw new DirectConnectServerError({
      code: 'LISTEN_FAILED',
      message: `Could not listen on ${resolved.host}:${resolved.port}: ${cause instanceof Error ? cause.message : String(cause)}`,
      cause,
    });
  }
  server.on('error', (error) => log({ level: 'error', event: 'server.error', error }));
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const httpUrl = `http://${shownHost}:${address.port}`;
  log({
    level: isLoopback(address.address) ? 'info' : 'warn',
    event: 'server.listening',
    url: httpUrl,
    roots,
    maxSessions: resolved.maxSessions,
    tokens: tokens.names(),
    allowedOrigins: [...resolved.allowedOrigins],
    ...(isLoopback(address.address)
      ? {}
      : {
          note: 'bound beyond loopback: anyone who can reach this address and holds the token can run Claude Code here',
        }),
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      shuttingDown = true;
      log({ level: 'info', event: 'server.shutdown_started', sessions: registry.liveCount });
      clearInterval(heartbeat);
      firstFrameAuth.closeAll(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, 'server shutting down');
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      const poolClosed = warmPool?.close();
      const sessionsEnded = (async () => {
        await Promise.allSettled([...inflight]);
        await Promise.all(
          registry
            .all()
            .map((session) => session.end(DIRECT_CONNECT_CLOSE_CODES.GOING_AWAY, 'server shutting down')),
        );
      })();
      if (!(await settlesWithin(sessionsEnded, resolved.shutdownTimeoutMs))) {
        log({
          level: 'warn',
          event: 'server.shutdown_timeout',
          timeoutMs: resolved.shutdownTimeoutMs,
          sessions: registry
            .all()
            .filter((session) => !session.processGone)
            .map((session) => session.id),
        });
      }
      await poolClosed;
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await stopped;
      log({ level: 'info', event: 'server.shutdown_finished' });
    })();
    return closing;
  };
  let draining: Promise<void> | undefined;
  const drain = (drainOptions: { timeoutMs?: number } = {}): Promise<void> => {
    if (draining !== undefined) return draining;
    if (closing !== undefined) return closing;
    const timeoutMs = drainTimeout(drainOptions, resolved.drainTimeoutMs);
    draining = (async () => {
      const sessions = registry.all().filter((session) => !session.isEnding);
      const poolClosed = warmPool?.close();
      const drainer = new SessionDrain({ timeoutMs, log });
      activeDrain = drainer;
      log({
        level: 'info',
        event: 'server.drain_started',
        sessions: sessions.length,
        inTurn: sessions.filter((session) => session.inTurn).length,
        timeoutMs,
      });
      for (const session of sessions) drainer.add(session);
      const outcome: DrainOutcome = await drainer.finish();
      log({
        level: 'info',
        event: 'server.drain_finished',
        sessions: outcome.sessions,
        inTurn: outcome.inTurn,
        timedOut: outcome.timedOut.length,
        durationMs: outcome.durationMs,
      });
      await poolClosed;
      await close();
    })();
    return draining;
  };
  return {
    url:
      resolved.token === undefined
        ? `cc://${shownHost}:${address.port}`
        : `cc://${shownHost}:${address.port}/${encodeURIComponent(resolved.token)}`,
    httpUrl,
    host: address.address,
    port: address.port,
    roots,
    sessions: () => registry.all().map((session) => session.info()),
    close,
    drain,
    readiness,
    reloadTokens: () => tokens.reload(),
    warmPoolStats: () => warmPool?.stats(),
    [Symbol.asyncDispose]: close,
  };
}

/** The drain's timeout: the one asked for (checked like an option), else the server's. */
function drainTimeout(options: { timeoutMs?: number }, fallback: number): number {
  const value = options?.timeoutMs;
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`drain timeoutMs must be a whole number of ms, got ${String(value)}`);
  }
  return value;
}

/** Pings every client each interval and drops the ones that did not answer the previous ping. */
function startHeartbeat(wss: WebSocketServer): NodeJS.Timeout {
  const alive = new WeakMap<WebSocket, boolean>();
  wss.on('connection', (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  });
  const timer = setInterval(() => {
    for (const socket of wss.clients) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, WEBSOCKET_PING_INTERVAL_MS);
  timer.unref();
  return timer;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}
