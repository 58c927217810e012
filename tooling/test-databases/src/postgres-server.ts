import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { runTool } from './run-tool.js';

/** Where Debian puts the PostgreSQL server binaries, one folder per major version. */
const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/** The role every throwaway server is created with (a superuser, trust authentication on loopback). */
export const TEST_POSTGRES_USER = 'ccsdk';

/** A throwaway PostgreSQL server on 127.0.0.1. */
export interface PostgresServer {
  /** `postgres://ccsdk@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** Fast shutdown (clients are disconnected); the data folder stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops it and removes its data folder. */
  dispose(): Promise<void>;
}

/** The folder of `initdb`/`pg_ctl` (the newest Debian major version), or `undefined` when not installed. */
export function findPostgresBinDir(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES_ROOT)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRES_ROOT)
    .filter((name) => existsSync(join(DEBIAN_POSTGRES_ROOT, name, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(DEBIAN_POSTGRES_ROOT, versions[0], 'bin');
}

function serverUser(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { name: 'postgres', uid, gid };
}

/**
 * Creates a data folder with `initdb` and starts a PostgreSQL server on a free loopback port,
 * durability off (it is thrown away). As root it runs as the `postgres` user.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = findPostgresBinDir();
  if (bin === undefined) throw new Error(`PostgreSQL is not installed (no ${DEBIAN_POSTGRES_ROOT}/*/bin)`);
  const user = serverUser();
  const root = mkdtempSync(join(tmpdir(), 'ccsdk-pg-'));
  if (user !== undefined) chownSync(root, user.uid, user.gid);
  const data = join(root, 'data');
  await runTool(
    join(bin, 'initdb'),
    ['-D', data, '-U', TEST_POSTGRES_USER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    user?.name,
  );
  const port = await freePort();
  const serverFlags = `-p ${port} -h 127.0.0.1 -k ${root} -F -c full_page_writes=off -c max_connections=300`;
  const pgCtl = (...args: string[]) => runTool(join(bin, 'pg_ctl'), ['-D', data, ...args], user?.name);
  const start = async () => {
    await pgCtl('-l', join(root, 'server.log'), '-w', '-t', '60', '-o', serverFlags, 'start');
  };
  const stop = async () => {
    await pgCtl('-m', 'fast', '-w', 'stop');
  };
  await start();
  let running = true;
  return {
    url: `postgres://${TEST_POSTGRES_USER}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async dispose() {
      if (running) await stop().catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
