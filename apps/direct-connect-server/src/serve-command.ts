import { parseArgs } from 'node:util';
import type { SessionStore } from '@ccsdk/session-store';
import { generateToken } from './auth.js';
import { parseAllowedOrigins } from './browser-origin.js';
import type { CliLinkFactory } from './cli-link.js';
import { type DirectConnectServer, startDirectConnectServer } from './direct-connect-server.js';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_SERVE_PORT,
  DEFAULT_SHUTDOWN_TIMEOUT_MS,
  WEBSOCKET_AUTH_DEADLINE_MS,
} from './limits.js';
import { createJsonLogger, type LogLevel } from './logger.js';
import type { DirectConnectServerOptions } from './server-options.js';
import { DEFAULT_ATTACHED_IDLE_TIMEOUT_MS } from './tokens/token-limits.js';
import { DEFAULT_WARM_MAX_AGE_MS } from './warm-pool/limits.js';

/** Environment variable `ccsdk serve` reads the bearer token from (a token on argv would show in `ps`). */
export const SERVE_TOKEN_ENV = 'CCSDK_SERVE_TOKEN';

/** Usage text of `ccsdk serve`. */
export const SERVE_USAGE = `Usage: ccsdk serve [options]

Hosts Claude Code sessions for Direct Connect clients (cc://host:port/<token>).

Options:
  --host <addr>                  Address to bind (default ${DEFAULT_HOST}; loopback only)
  --port <n>                     Port (default ${DEFAULT_SERVE_PORT}; 0 picks a free one)
  --root <dir>                   Folder sessions may run in; repeat for more (default: cwd)
  --max-sessions <n>             Sessions alive at once
  --max-message-bytes <n>        Largest message in either direction
  --session-idle-timeout-ms <n>  End a session this long without a client
  --public-url <ws-url>          Base of the ws_url answers (behind a proxy)
  --allow-origin <origin>        A browser origin that may call the server, e.g.
                                 https://app.example.com; repeat for more (default: none,
                                 every request with an Origin header is refused 403)
  --claude <path>                The claude executable (default: found like the SDK does)
  --model <name>                 Model for every session
  --store <url>                  Mirror every session into this store and resume from it
                                 (postgres://... or redis://...; default: none, local JSONL only)
  --drain-timeout <ms>           On SIGTERM, how long running turns may go on (default
                                 ${DEFAULT_DRAIN_TIMEOUT_MS}; 0 ends every session at once)
  --tokens-file <path>           Named tokens with their own limits, as JSON (instead of
                                 ${SERVE_TOKEN_ENV}); read again on SIGHUP
  --attached-idle-timeout <ms>   End a session whose client is attached but silent both ways
                                 this long, outside a turn (default ${DEFAULT_ATTACHED_IDLE_TIMEOUT_MS}; close 4408)
  --warm <n>                     Keep n Claude Code processes started ahead of demand for each
                                 permission mode in use (default 0: none); a new session
                                 claims one and the pool refills in the background
  --warm-max-age <ms>            Replace a warm process older than this (default
                                 ${DEFAULT_WARM_MAX_AGE_MS})
  --log-level <level>            debug, info, warn or error (default info)
  --metrics-public               Serve GET /metrics without the token (default: token needed)
  -h, --help                     Show this text

The token is read from ${SERVE_TOKEN_ENV}; without it a random one is generated. With
--tokens-file, each client uses its own token, {"tokens":[{"name":"team-a","token":"...",
"maxSessions":10,"createsPerMinute":30,"createBurst":5}]}; a session belongs to the token that
created it. SIGHUP reads the file again: sessions go on, a removed token can no longer create
or attach, a bad file keeps the tokens there are (logged as tokens.reload_failed).
The connect URL (it holds the token) is printed on stdout; logs go to stderr as JSON lines.
A browser page from an --allow-origin origin sends the token as its WebSocket's first frame,
{"type":"auth","credential":{"type":"oauth","token":"..."}}, within ${WEBSOCKET_AUTH_DEADLINE_MS / 1000} s.
GET /readyz answers 200 while new sessions are taken, 503 with reasons otherwise.
On SIGTERM or SIGINT the server drains: /readyz answers 503 and POST /sessions 503 with
Retry-After at once; sessions not in a turn end, running turns finish (up to --drain-timeout),
clients get close code 1001 "server draining"; then every session ends with its CLI process
tree within ${DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000} s and the command exits 0. A second signal ends everything at once.`;

/** Where the command writes and which signals end it; tests pass their own. */
export interface ServeCommandIo {
  /** Writes the usage text and the server's `cc://` URL. Default: `process.stdout`. */
  readonly stdout: (text: string) => void;
  /** Writes errors and the JSON log lines. Default: `process.stderr`. */
  readonly stderr: (text: string) => void;
  /** Where `CCSDK_SERVE_TOKEN` and the other variables are read. Default: `process.env`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Resolves when the server should drain and shut down. Default: the first SIGINT or SIGTERM. */
  readonly untilStopped: () => Promise<unknown>;
  /**
   * Called once the drain began; when it resolves before the drain is over, every session ends
   * at once (the fast shutdown of `close()`). Default: the next SIGINT or SIGTERM.
   */
  readonly untilForced: () => Promise<unknown>;
  /** Called once the server listens. */
  readonly onListening?: (server: DirectConnectServer) => void;
  /**
   * With `--tokens-file`: calls `reload` on each request to read the file again, and returns
   * the function that stops listening (called once the drain is over). Default: SIGHUP.
   */
  readonly onReloadRequest?: (reload: () => void) => () => void;
  /**
   * Opens the store a `--store <url>` names (the `ccsdk` command line passes its URL resolver);
   * without it `--store` is refused. The store's `close()`, if any, runs after the shutdown.
   */
  readonly openStore?: (url: string) => Promise<ServeStore>;
  /** Makes each session's process. Default: the real CLI (`--claude`, `--model`); tests pass a fake. */
  readonly createCliLink?: CliLinkFactory;
}

/** A store `--store` opened: a `SessionStore`, closed after the server when it can be. */
export type ServeStore = SessionStore & {
  /** Releases the store's connections; awaited once the server has shut down, and a rejection is ignored. */
  close?: () => Promise<void>;
};

/**
 * `ccsdk serve`: parses `argv` (the words after `serve`), starts a Direct Connect server, prints
 * its connect URL, runs until SIGTERM/SIGINT, then drains (running turns finish within
 * `--drain-timeout`, see `DirectConnectServer.drain()`) and shuts down; a second signal during
 * the drain ends everything at once (`DirectConnectServer.close()`). Resolves with the exit
 * code: 0 after the shutdown, 2 for bad arguments, 1 when the server cannot start.
 */
export async function runServeCommand(
  argv: readonly string[],
  io: Partial<ServeCommandIo> = {},
): Promise<number> {
  const stdout = io.stdout ?? ((text: string) => process.stdout.write(text));
  const stderr = io.stderr ?? ((text: string) => process.stderr.write(text));
  const env = io.env ?? process.env;
  let options: DirectConnectServerOptions;
  let storeUrl: string | undefined;
  try {
    const parsed = parseServeArgs(argv, env, stderr);
    if (parsed === 'help') {
      stdout(`${SERVE_USAGE}\n`);
      return 0;
    }
    ({ options, storeUrl } = parsed);
    if (io.createCliLink !== undefined) options = { ...options, createCliLink: io.createCliLink };
    if (storeUrl !== undefined && io.openStore === undefined) {
      throw new Error('--store needs a store resolver; run it as `ccsdk serve --store <url>`');
    }
  } catch (error) {
    stderr(`ccsdk serve: ${error instanceof Error ? error.message : String(error)}\n${SERVE_USAGE}\n`);
    return 2;
  }
  let store: ServeStore | undefined;
  let server: DirectConnectServer;
  try {
    if (storeUrl !== undefined) store = await io.openStore!(storeUrl);
    server = await startDirectConnectServer(
      store === undefined ? options : { ...options, sessionStore: store },
    );
  } catch (error) {
    stderr(`ccsdk serve: ${error instanceof Error ? error.message : String(error)}\n`);
    await store?.close?.().catch(() => undefined);
    return 1;
  }
  stdout(`${server.url}\n`);
  io.onListening?.(server);
  const stopReloading =
    options.tokensFile === undefined
      ? () => undefined
      : (io.onReloadRequest ?? onSighup)(() => {
          // A bad file is logged by the server and keeps the tokens there are.
          server.reloadTokens().catch(() => undefined);
        });
  await (io.untilStopped ?? untilSignal)();
  const drained = server.drain();
  let over = false;
  void drained.finally(() => {
    over = true;
  });
  void (io.untilForced ?? untilSignalDuring(drained))().then(() => {
    if (over) return;
    options.logger?.({ level: 'warn', event: 'server.drain_forced' });
    void server.close();
  });
  await drained;
  stopReloading();
  await store?.close?.().catch(() => undefined);
  return 0;
}

function parseServeArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  stderr: (text: string) => void,
): { options: DirectConnectServerOptions; storeUrl: string | undefined } | 'help' {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      root: { type: 'string', multiple: true },
      'max-sessions': { type: 'string' },
      'max-message-bytes': { type: 'string' },
      'session-idle-timeout-ms': { type: 'string' },
      'public-url': { type: 'string' },
      'allow-origin': { type: 'string', multiple: true },
      claude: { type: 'string' },
      model: { type: 'string' },
      'log-level': { type: 'string' },
      store: { type: 'string' },
      'drain-timeout': { type: 'string' },
      'metrics-public': { type: 'boolean' },
      'tokens-file': { type: 'string' },
      'attached-idle-timeout': { type: 'string' },
      warm: { type: 'string' },
      'warm-max-age': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const level = values['log-level'] ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    throw new Error(`--log-level must be debug, info, warn or error, got ${JSON.stringify(level)}`);
  }
  const tokensFile = values['tokens-file'];
  const envToken = env[SERVE_TOKEN_ENV] === '' ? undefined : env[SERVE_TOKEN_ENV];
  if (tokensFile !== undefined && envToken !== undefined) {
    throw new Error(`give --tokens-file or ${SERVE_TOKEN_ENV}, not both`);
  }
  const token = tokensFile !== undefined ? undefined : (envToken ?? generateToken());
  const cli: NonNullable<DirectConnectServerOptions['cli']> = {};
  if (values.claude !== undefined) cli.pathToClaudeCodeExecutable = values.claude;
  if (values.model !== undefined) cli.model = values.model;
  if (values.store !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(values.store)) {
    // The URL may hold a password: quote only its length.
    throw new Error(
      `--store must be a store URL such as postgres://... or redis://..., got ${values.store.length} characters without a scheme`,
    );
  }
  const options: DirectConnectServerOptions = {
    ...(token === undefined ? {} : { token }),
    ...(tokensFile === undefined ? {} : { tokensFile }),
    ...optional('attachedIdleTimeoutMs', count('--attached-idle-timeout', values['attached-idle-timeout'])),
    host: values.host ?? DEFAULT_HOST,
    port: count('--port', values.port) ?? DEFAULT_SERVE_PORT,
    ...(values.root === undefined ? {} : { roots: values.root }),
    ...optional('maxSessions', count('--max-sessions', values['max-sessions'])),
    ...optional('maxMessageBytes', count('--max-message-bytes', values['max-message-bytes'])),
    ...optional(
      'sessionIdleTimeoutMs',
      count('--session-idle-timeout-ms', values['session-idle-timeout-ms']),
    ),
    ...optional('drainTimeoutMs', count('--drain-timeout', values['drain-timeout'])),
    ...optional('warm', count('--warm', values.warm)),
    ...optional('warmMaxAgeMs', count('--warm-max-age', values['warm-max-age'])),
    ...(values['public-url'] === undefined ? {} : { publicUrl: values['public-url'] }),
    ...(values['allow-origin'] === undefined
      ? {}
      : { allowedOrigins: [...parseAllowedOrigins(values['allow-origin'], '--allow-origin')] }),
    cli,
    logger: createJsonLogger(stderr, level as LogLevel),
    ...(values['metrics-public'] === true ? { metricsPublic: true } : {}),
  };
  return { options, storeUrl: values.store };
}

function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

function optional<K extends string>(key: K, value: number | undefined): { [P in K]?: number } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: number };
}

/** The next SIGINT or SIGTERM, listened for only until `during` settles (then a signal acts as Node's default). */
function untilSignalDuring(during: Promise<unknown>): () => Promise<unknown> {
  return () =>
    new Promise((resolve) => {
      const stop = (signal: NodeJS.Signals): void => {
        done();
        resolve(signal);
      };
      const done = (): void => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      void during.finally(done);
    });
}

/** Calls `reload` on each SIGHUP until the returned function is called. */
function onSighup(reload: () => void): () => void {
  const listener = (): void => reload();
  process.on('SIGHUP', listener);
  return () => process.off('SIGHUP', listener);
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
