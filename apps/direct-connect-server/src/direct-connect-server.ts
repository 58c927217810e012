import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DIRECT_CONNECT_CLOSE_CODES } from '@ccsdk/direct-connect';
import { resolveProjectsDir } from '@ccsdk/session-jsonl';
import { type WebSocket, WebSocketServer } from 'ws';
import { createTokenVerifier } from './auth.js';
import { DirectConnectServerError } from './errors.js';
import type { HostedSessionInfo } from './hosted-session.js';
import { sendError } from './http-io.js';
import { routeRequest } from './http-routes.js';
import { WEBSOCKET_PING_INTERVAL_MS } from './limits.js';
import { type DirectConnectServerOptions, resolveServerOptions } from './server-options.js';
import { SessionRegistry } from './session-registry.js';
import { settlesWithin } from './settles-within.js';
import { subprocessCliLinkFactory } from './subprocess-cli-link.js';
import { createUpgradeHandler } from './upgrade-handler.js';
import { PACKAGE_VERSION } from './version.js';
import { realRoots } from './work-dir.js';

/** A running Direct Connect server. */
export interface DirectConnectServer extends AsyncDisposable {
  /** The connect URL clients use: `cc://host:port/<token>`. It holds the token: treat it as a secret. */
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
}

/**
 * Starts a server that hosts Claude Code sessions for Direct Connect clients: `POST /sessions`
 * spawns the CLI in a folder inside the roots, the session's WebSocket bridges JSON lines both
 * ways, `DELETE /sessions/:id` ends it, `GET /health` reports. Every request needs the bearer
 * token. Binds the loopback address unless `host` says otherwise.
 *
 * Rejects with `DirectConnectServerError` (`INVALID_ROOT`, `LISTEN_FAILED`); bad options throw a
 * `TypeError`.
 */
export async function startDirectConnectServer(
  options: DirectConnectServerOptions,
): Promise<DirectConnectServer> {
  const resolved = resolveServerOptions(options);
  const log = resolved.logger;
  const roots = await realRoots(resolved.roots).catch((cause: unknown) => {
    throw new DirectConnectServerError({
      code: 'INVALID_ROOT',
      message: `Every root must be an existing folder: ${cause instanceof Error ? cause.message : String(cause)}.`,
      cause,
    });
  });
  const projectsDir = resolveProjectsDir({ env: { ...process.env, ...resolved.cli.env } });
  const registry = new SessionRegistry(resolved.maxSessions);
  const verify = createTokenVerifier(resolved.token);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: resolved.maxMessageBytes,
    perMessageDeflate: false,
  });
  const inflight = new Set<Promise<void>>();
  let shuttingDown = false;
  const context = {
    options: resolved,
    roots,
    registry,
    createCliLink: resolved.createCliLink ?? subprocessCliLinkFactory(resolved.cli),
    projectsDir,
    verify,
    startedAt: Date.now(),
    version: PACKAGE_VERSION,
    isShuttingDown: () => shuttingDown,
    onCreated: () => undefined,
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const handling = routeRequest(context, request, response).catch((error: unknown) => {
      log({ level: 'error', event: 'request.failed', method: request.method, url: request.url, error });
      if (!response.headersSent)
        sendError(response, 500, 'internal_error', 'The server failed on this request.');
      else response.destroy();
    });
    inflight.add(handling);
    void handling.finally(() => inflight.delete(handling));
  });
  server.on(
    'upgrade',
    createUpgradeHandler({ verify, registry, wss, log, isShuttingDown: () => shuttingDown }),
  );
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
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
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
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await stopped;
      log({ level: 'info', event: 'server.shutdown_finished' });
    })();
    return closing;
  };
  return {
    url: `cc://${shownHost}:${address.port}/${encodeURIComponent(resolved.token)}`,
    httpUrl,
    host: address.address,
    port: address.port,
    roots,
    sessions: () => registry.all().map((session) => session.info()),
    close,
    [Symbol.asyncDispose]: close,
  };
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
