import { parseArgs } from 'node:util';
import type { SessionStore } from '@ccsdk/session-store';
import { generateToken } from './auth.js';
import { type DirectConnectServer, startDirectConnectServer } from './direct-connect-server.js';
import { DEFAULT_HOST, DEFAULT_SERVE_PORT, DEFAULT_SHUTDOWN_TIMEOUT_MS } from './limits.js';
import { createJsonLogger, type LogLevel } from './logger.js';
import type { DirectConnectServerOptions } from './server-options.js';

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
  --claude <path>                The claude executable (default: found like the SDK does)
  --model <name>                 Model for every session
  --store <url>                  Mirror every session into this store and resume from it
                                 (postgres://... or redis://...; default: none, local JSONL only)
  --log-level <level>            debug, info, warn or error (default info)
  -h, --help                     Show this text

The token is read from ${SERVE_TOKEN_ENV}; without it a random one is generated.
The connect URL (it holds the token) is printed on stdout; logs go to stderr as JSON lines.
On SIGINT or SIGTERM every session ends, attached or not, with its CLI process tree, within
${DEFAULT_SHUTDOWN_TIMEOUT_MS / 1000} s; then the command exits 0. A second signal ends it at once.`;

/** Where the command writes and which signals end it; tests pass their own. */
export interface ServeCommandIo {
  /** Writes the usage text and the server's `cc://` URL. Default: `process.stdout`. */
  readonly stdout: (text: string) => void;
  /** Writes errors and the JSON log lines. Default: `process.stderr`. */
  readonly stderr: (text: string) => void;
  /** Where `CCSDK_SERVE_TOKEN` and the other variables are read. Default: `process.env`. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Resolves when the server should shut down. Default: the first SIGINT or SIGTERM. */
  readonly untilStopped: () => Promise<unknown>;
  /** Called once the server listens. */
  readonly onListening?: (server: DirectConnectServer) => void;
  /**
   * Opens the store a `--store <url>` names (the `ccsdk` command line passes its URL resolver);
   * without it `--store` is refused. The store's `close()`, if any, runs after the shutdown.
   */
  readonly openStore?: (url: string) => Promise<ServeStore>;
}

/** A store `--store` opened: a `SessionStore`, closed after the server when it can be. */
export type ServeStore = SessionStore & {
  /** Releases the store's connections; awaited once the server has shut down, and a rejection is ignored. */
  close?: () => Promise<void>;
};

/**
 * `ccsdk serve`: parses `argv` (the words after `serve`), starts a Direct Connect server, prints
 * its connect URL, runs until SIGINT/SIGTERM, then shuts down gracefully within
 * `DEFAULT_SHUTDOWN_TIMEOUT_MS` (see `DirectConnectServer.close()`). Resolves with the exit code:
 * 0 after the shutdown, 2 for bad arguments, 1 when the server cannot start.
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
  await (io.untilStopped ?? untilSignal)();
  await server.close();
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
      claude: { type: 'string' },
      model: { type: 'string' },
      'log-level': { type: 'string' },
      store: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  const level = values['log-level'] ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    throw new Error(`--log-level must be debug, info, warn or error, got ${JSON.stringify(level)}`);
  }
  const token =
    env[SERVE_TOKEN_ENV] === undefined || env[SERVE_TOKEN_ENV] === ''
      ? generateToken()
      : env[SERVE_TOKEN_ENV];
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
    token,
    host: values.host ?? DEFAULT_HOST,
    port: count('--port', values.port) ?? DEFAULT_SERVE_PORT,
    ...(values.root === undefined ? {} : { roots: values.root }),
    ...optional('maxSessions', count('--max-sessions', values['max-sessions'])),
    ...optional('maxMessageBytes', count('--max-message-bytes', values['max-message-bytes'])),
    ...optional(
      'sessionIdleTimeoutMs',
      count('--session-idle-timeout-ms', values['session-idle-timeout-ms']),
    ),
    ...(values['public-url'] === undefined ? {} : { publicUrl: values['public-url'] }),
    cli,
    logger: createJsonLogger(stderr, level as LogLevel),
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
