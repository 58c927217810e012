/**
 * A Direct Connect server in a process of its own, for `direct-connect-memory.test.ts`: its heap
 * then holds the server and its sessions only (the test's clients and the fake Messages API stay in
 * the parent). Its sessions are mirrored to a session store that keeps nothing.
 *
 *   node --expose-gc direct-connect-server-child.mjs <snapshotDir>
 *
 * with `CCSDK_DC_CHILD_TOKEN`, `CCSDK_DC_CHILD_ROOT` and `CCSDK_DC_CHILD_CLI_ENV` (JSON) set. It
 * prints `{"url": ...}` once listening, then answers one line of stdin at a time, each with one
 * JSON line:
 * - `snapshot <label>`: waits until the server holds no session (each ended one is removed once its
 *   output was delivered) and every socket, pipe and process of the sessions is gone (a client's
 *   idle keep-alive connection included), collects garbage, writes a heap snapshot;
 * - `census <before> <after>`: the kinds of value that grew between two snapshots
 *   (`censusGrowth` of `@ccsdk/testing`) and the batches the store got, then closes the server and
 *   exits.
 */

import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { writeHeapSnapshot } from 'node:v8';
import { startDirectConnectServer } from '@ccsdk/direct-connect-server';
import { censusGrowth, heapCensus } from '@ccsdk/testing';

/** How long `snapshot` waits for the ended sessions to be removed. */
const DRAIN_TIMEOUT_MS = 20_000;
/** Kinds of grown value the census reply lists (the total counts them all). */
const REPORTED_KINDS = 12;

const snapshotDir = process.argv[2];
if (!snapshotDir || typeof globalThis.gc !== 'function') {
  throw new Error('usage: node --expose-gc direct-connect-server-child.mjs <snapshotDir>');
}
/** Batches the store was given: a store that keeps nothing, so what the mirrors hold is the server's own. */
let storeAppends = 0;
const forgetfulStore = {
  async append() {
    storeAppends++;
  },
  async load() {
    return null;
  },
};
const server = await startDirectConnectServer({
  token: process.env.CCSDK_DC_CHILD_TOKEN,
  roots: [process.env.CCSDK_DC_CHILD_ROOT],
  cli: { env: JSON.parse(process.env.CCSDK_DC_CHILD_CLI_ENV ?? '{}') },
  sessionStore: forgetfulStore,
  logger: () => {},
});
const reply = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** Handle kinds that belong to a session: its sockets, its CLI's process and pipes. */
const SESSION_RESOURCES = new Set(['TCPSocketWrap', 'PipeWrap', 'ProcessWrap', 'TTYWrap']);
function sessionResources() {
  return process.getActiveResourcesInfo().filter((kind) => SESSION_RESOURCES.has(kind)).length;
}
// Open stdin, stdout and stderr (Node makes their pipes on first use) before counting the idle handles.
const commands = createInterface({ input: process.stdin });
reply({ url: server.url });
process.stderr.write('');
/** The handles of an idle server: its own stdin, stdout and stderr pipes. */
const idleResources = sessionResources();

/** Waits until no session and none of its handles is left; returns the sessions still there. */
async function drained() {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while ((server.sessions().length > 0 || sessionResources() > idleResources) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return server.sessions().length;
}

const snapshots = {};
for await (const line of commands) {
  const [command, ...args] = line.trim().split(' ');
  if (command === 'snapshot') {
    const left = await drained();
    for (let i = 0; i < 3; i++) globalThis.gc();
    snapshots[args[0]] = writeHeapSnapshot(join(snapshotDir, `server-${args[0]}.heapsnapshot`));
    reply({ snapshot: args[0], sessionsLeft: left });
  } else if (command === 'census') {
    const growth = censusGrowth(heapCensus(snapshots[args[0]]), heapCensus(snapshots[args[1]]));
    reply({
      storeAppends,
      grownValues: growth.reduce((sum, entry) => sum + entry.growth, 0),
      topGrowth: growth.slice(0, REPORTED_KINDS),
    });
    await server.close();
    process.exit(0);
  } else {
    reply({ error: `unknown command ${JSON.stringify(line)}` });
  }
}
