import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** Where Debian installs the server. */
export const REDIS_SERVER_BIN = '/usr/bin/redis-server';

/** How long a starting server may take to answer PING, in ms. */
const REDIS_START_TIMEOUT_MS = 30_000;

/** A throwaway Redis server on 127.0.0.1 (append-only file on, so a restart keeps the data). */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** SIGTERM (the append-only file is flushed), resolves once the process is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString('latin1').startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Starts `redis-server` on a free loopback port with its own data folder. */
export async function startRedisServer(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER_BIN)) throw new Error(`Redis is not installed (no ${REDIS_SERVER_BIN})`);
  const dir = mkdtempSync(join(tmpdir(), 'ccsdk-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
    args.push('--appendonly', 'yes', '--daemonize', 'no', '--loglevel', 'warning');
    child = spawn(REDIS_SERVER_BIN, args, { stdio: 'ignore' });
    const deadline = Date.now() + REDIS_START_TIMEOUT_MS;
    while (!(await ping(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await gone;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
