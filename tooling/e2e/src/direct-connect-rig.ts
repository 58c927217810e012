import { DirectConnectTransport, type DirectConnectTransportOptions } from '@ccsdk/direct-connect';
import {
  type DirectConnectServer,
  type DirectConnectServerOptions,
  generateToken,
  type LogEntry,
  startDirectConnectServer,
} from '@ccsdk/direct-connect-server';
import { type Rig, startRig } from './support/rig.js';

type FakeOptions = Parameters<typeof startRig>[0];

/** One Direct Connect test's world: the fake Messages API, a sandbox, and our server on loopback. */
export interface DirectConnectRig {
  rig: Rig;
  server: DirectConnectServer;
  token: string;
  /** Every structured log entry the server wrote. */
  logs: LogEntry[];
  /** A client transport to the server (the sandbox cwd unless `cwd` is given). */
  transport(options?: Partial<DirectConnectTransportOptions>): DirectConnectTransport;
  dispose(): Promise<void>;
}

/**
 * Starts the fake, a sandbox and a server whose sessions run the real CLI against the fake.
 * Server options may depend on the rig (pass a function).
 */
export async function startDirectConnectRig(
  fakeOptions: FakeOptions,
  serverOptionsOrMaker:
    | Partial<DirectConnectServerOptions>
    | ((rig: Rig) => Partial<DirectConnectServerOptions>) = {},
): Promise<DirectConnectRig> {
  const rig = await startRig(fakeOptions);
  const serverOptions =
    typeof serverOptionsOrMaker === 'function' ? serverOptionsOrMaker(rig) : serverOptionsOrMaker;
  const token = generateToken();
  const logs: LogEntry[] = [];
  const server = await startDirectConnectServer({
    token,
    roots: [rig.sandbox.cwd],
    logger: (entry) => logs.push(entry),
    ...serverOptions,
    cli: { env: rig.env, ...serverOptions.cli },
  });
  return {
    rig,
    server,
    token,
    logs,
    transport: (options = {}) =>
      new DirectConnectTransport({ url: server.url, cwd: rig.sandbox.cwd, ...options }),
    async dispose() {
      await server.close();
      await rig.dispose();
    },
  };
}
