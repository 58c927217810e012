/**
 * `ccsdk serve` as its own process, as a user starts it (the built `ccsdk` bin, the token in
 * `CCSDK_SERVE_TOKEN`), for the load benchmarks: its pid for `/proc`, its HTTP address, and a
 * heap snapshot on demand (node's `--heapsnapshot-signal`, written to a folder of the bench's).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateToken } from '@ccsdk/direct-connect-server';

const require = createRequire(import.meta.url);
const CCSDK_DIR = join(require.resolve('@ccsdk/cli/package.json'), '..');
const CCSDK_BUILT = join(CCSDK_DIR, 'dist', 'main.js');

/** Most time `ccsdk serve` may take to print its connect URL, in ms. */
const SERVE_START_TIMEOUT_MS = 60_000;
/** Most time a heap snapshot of the server may take to be written, in ms. */
const HEAP_SNAPSHOT_TIMEOUT_MS = 120_000;
/** Most time one GET /health may take, in ms. */
const HEALTH_TIMEOUT_MS = 10_000;
/** Signal that makes the server write a heap snapshot (node `--heapsnapshot-signal`). */
const HEAP_SNAPSHOT_SIGNAL = 'SIGUSR2';

/** How to start one server. */
export interface ServeStartOptions {
  /** Environment of the server and so of its CLIs (the fake's address, the sandbox). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Words after `ccsdk serve` (`--root`, `--max-sessions`, `--store` ...). */
  readonly args: readonly string[];
  /** Folder heap snapshots are written to; without it the server cannot be asked for one. */
  readonly heapSnapshotDir?: string;
}

/** A running `ccsdk serve`. */
export interface ServeProcess {
  readonly pid: number;
  /** `cc://127.0.0.1:<port>/<token>`. */
  readonly url: string;
  /** `http://127.0.0.1:<port>`. */
  readonly httpUrl: string;
  readonly token: string;
  /** What the server wrote on stderr (its JSON log lines), so far. */
  log(): string;
  /** Resolves when the process exited. */
  readonly exited: Promise<void>;
  /** GET /health: the sessions the server holds. */
  liveSessions(): Promise<number>;
  /** Writes a heap snapshot of the server (a full GC runs first) and resolves with its path. */
  heapSnapshot(): Promise<string>;
  /** SIGTERM (drain and exit), or `signal`; resolves once it exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `ccsdk serve --port 0 ...args`; resolves once it printed its connect URL. */
export async function startServe(options: ServeStartOptions): Promise<ServeProcess> {
  const token = generateToken();
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, ...options.env })) {
    if (value !== undefined) env[name] = value;
  }
  env['CCSDK_SERVE_TOKEN'] = token;
  const entry = existsSync(CCSDK_BUILT)
    ? [CCSDK_BUILT]
    : [
        '--conditions=@ccsdk/source',
        '--import',
        pathToFileURL(require.resolve('tsx')).href,
        join(CCSDK_DIR, 'src', 'main.ts'),
      ];
  const heapArgs =
    options.heapSnapshotDir === undefined
      ? []
      : [`--heapsnapshot-signal=${HEAP_SNAPSHOT_SIGNAL}`, `--diagnostic-dir=${options.heapSnapshotDir}`];
  const child: ChildProcess = spawn(
    process.execPath,
    [...heapArgs, ...entry, 'serve', '--port', '0', ...options.args],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`ccsdk serve printed no URL within ${SERVE_START_TIMEOUT_MS} ms: ${log.slice(-2000)}`),
      );
    }, SERVE_START_TIMEOUT_MS);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(out.split('\n')[0] as string);
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`ccsdk serve exited before listening: ${log.slice(-2000)}`));
    });
  });
  const httpUrl = `http://${new URL(url.replace(/^cc:/, 'http:')).host}`;
  const pid = child.pid as number;
  return {
    pid,
    url,
    httpUrl,
    token,
    log: () => log,
    exited,
    async liveSessions() {
      const response = await fetch(`${httpUrl}/health`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      });
      const body = (await response.json()) as { sessions?: unknown };
      return Number(body.sessions);
    },
    async heapSnapshot() {
      const dir = options.heapSnapshotDir;
      if (dir === undefined) throw new Error('the server was started without a heap snapshot folder');
      const before = new Set(readdirSync(dir));
      process.kill(pid, HEAP_SNAPSHOT_SIGNAL);
      return waitForWrittenFile(dir, before, HEAP_SNAPSHOT_TIMEOUT_MS);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * Waits for a new `.heapsnapshot` file in `dir` (one not in `before`) whose writing is over: its
 * size has stopped changing and it ends with the `}` that closes the snapshot's JSON.
 */
async function waitForWrittenFile(dir: string, before: Set<string>, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let lastSize = -1;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const fresh = readdirSync(dir).find((file) => file.endsWith('.heapsnapshot') && !before.has(file));
    if (fresh === undefined) continue;
    const path = join(dir, fresh);
    const size = statSync(path).size;
    if (size > 0 && size === lastSize && endsWithBrace(path, size)) return path;
    lastSize = size;
  }
  throw new Error(`no complete heap snapshot in ${dir} within ${timeoutMs} ms`);
}

function endsWithBrace(path: string, size: number): boolean {
  const fd = openSync(path, 'r');
  try {
    const tail = Buffer.alloc(Math.min(16, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return tail.toString('utf8').trimEnd().endsWith('}');
  } finally {
    closeSync(fd);
  }
}
