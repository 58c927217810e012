import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DirectConnectServer, startDirectConnectServer } from '../src/direct-connect-server.js';
import type { LogEntry } from '../src/logger.js';
import type { DirectConnectServerOptions } from '../src/server-options.js';
import { type FakeCliLink, fakeLinkFactory } from './fake-cli-link.js';

/** A server on loopback whose sessions run on fake CLI links, with the entries it logged. */
export interface FakeLinkServer {
  readonly server: DirectConnectServer;
  /** Every fake CLI the server started, in order. */
  readonly links: FakeCliLink[];
  readonly logs: LogEntry[];
  /** Closes the server and removes its temp root. */
  close(): Promise<void>;
}

/** Starts a server with `token` on fake CLI links, its one root a fresh temp folder. */
export async function startFakeLinkServer(
  options: Partial<DirectConnectServerOptions> & { readonly token: string },
): Promise<FakeLinkServer> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'ccsdk-server-test-')));
  const fake = fakeLinkFactory();
  const logs: LogEntry[] = [];
  const server = await startDirectConnectServer({
    roots: [root],
    createCliLink: fake.factory,
    logger: (entry) => logs.push(entry),
    ...options,
  });
  return {
    server,
    links: fake.links,
    logs,
    async close() {
      await server.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
